import { vi } from 'vitest'
import {
  type FrameEvent,
  type FrameRequestEnvelope,
  frameEventNames,
  frameHandshakeSchema,
  frameProtocolVersion,
  frameRequestEnvelopeSchema,
  maxFrameMessageLength,
} from '../../../../engine/frame/index.js'
import type { FrameDocument, FrameIframe } from '../../../../modal/embedded/index.js'
import { samples } from './samples.js'

export const frameOrigin = 'http://127.0.0.1:8789'
export const authUrl = `${frameOrigin}/`

/** What the frame does with a request: answer with success or error, or stay silent. */
export type FrameAnswer =
  | { success: unknown }
  | { error: { code?: number; message?: string } | undefined }
  | 'silent'

type Handler = (request: FrameRequestEnvelope) => FrameAnswer

/**
 * The frame's side, as services/frame speaks it: it takes a handshake only from a post aimed at its own
 * origin, keeps the port it was handed, answers READY on it and then each request by its handler. Like the
 * real frame it drops, unanswered, a message that is not JSON or whose JSON is over the size cap.
 */
export class FakeFrame {
  /** The origin of the document the iframe holds; a navigation elsewhere changes it. */
  origin = frameOrigin
  readonly handshakes: Array<{ message: unknown; targetOrigin: string }> = []
  readonly requests: FrameRequestEnvelope[] = []
  readonly handlers = new Map<FrameEvent, Handler>()
  /** Whether the frame answers READY right after a handshake. */
  autoReady = true
  port: MessagePort | undefined

  /** The iframe's `contentWindow.postMessage`, with the browser's rule: a wrong target origin drops it. */
  postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void {
    this.handshakes.push({ message, targetOrigin })
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return
    if (!frameHandshakeSchema.safeParse(message).success) return
    const port = transfer[0] as MessagePort
    this.port?.close()
    this.port = port
    port.addEventListener('message', (event: MessageEvent) => this.#receive(event.data))
    port.start()
    if (this.autoReady) this.ready()
  }

  ready(): void {
    this.post({
      v: frameProtocolVersion,
      type: 'READY',
      payload: { frameVersion: 'test', events: frameEventNames },
    })
  }

  post(message: unknown): void {
    this.port?.postMessage(message)
  }

  reply(id: string, type: string, payload?: unknown): void {
    this.post({ v: frameProtocolVersion, id, type, ...(payload === undefined ? {} : { payload }) })
  }

  on(type: FrameEvent, handler: Handler): void {
    this.handlers.set(type, handler)
  }

  /** Requests of one type received so far. */
  received(type: FrameEvent): FrameRequestEnvelope[] {
    return this.requests.filter((request) => request.type === type)
  }

  /** Waits until a request of `type` has arrived and returns the latest. */
  async next(type: FrameEvent): Promise<FrameRequestEnvelope> {
    return vi.waitFor(
      () => {
        const found = this.received(type).at(-1)
        if (!found) throw new Error(`no ${type} yet`)
        return found
      },
      { timeout: 2_000, interval: 1 },
    )
  }

  close(): void {
    this.port?.close()
    this.port = undefined
  }

  #receive(data: unknown): void {
    if (!readable(data)) return
    const request = frameRequestEnvelopeSchema.parse(data)
    this.requests.push(request)
    const handler = this.handlers.get(request.type)
    const answer: FrameAnswer = handler ? handler(request) : { success: samples[request.type].success }
    if (answer === 'silent') return
    if ('success' in answer) this.reply(request.id, `${request.type}_SUCCESS`, answer.success)
    else this.reply(request.id, `${request.type}_ERROR`, answer.error)
  }
}

/** services/frame's serveFrame reads a message only as JSON within the cap. */
function readable(data: unknown): boolean {
  try {
    const text = JSON.stringify(data)
    return text !== undefined && text.length <= maxFrameMessageLength
  } catch {
    return false
  }
}

export class FakeIframe implements FrameIframe {
  src = ''
  title = ''
  style = { cssText: '' }
  readonly attributes = new Map<string, string>()
  removed = false
  readonly #loadListeners: Array<() => void> = []

  constructor(readonly contentWindow: FakeFrame) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value)
  }

  addEventListener(_type: 'load', listener: () => void): void {
    this.#loadListeners.push(listener)
  }

  remove(): void {
    this.removed = true
  }

  /** The browser finished loading the frame's document (first load or a reload). */
  load(): void {
    for (const listener of this.#loadListeners) listener()
  }
}

/** A page with a body; the frame loads as soon as its iframe is appended, unless `autoLoad` is off. */
export class FakeDocument implements FrameDocument<FakeIframe> {
  readonly frame = new FakeFrame()
  readonly iframes: FakeIframe[] = []
  autoLoad = true
  readonly body = {
    appendChild: (iframe: FakeIframe) => {
      this.iframes.push(iframe)
      if (this.autoLoad) queueMicrotask(() => iframe.load())
      return iframe
    },
  }

  createElement(_tagName: 'iframe'): FakeIframe {
    return new FakeIframe(this.frame)
  }

  get iframe(): FakeIframe | undefined {
    return this.iframes.at(-1)
  }
}

/** Lets the ports deliver what is in flight (Node delivers port messages on later turns of its loop). */
export async function flush(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
}
