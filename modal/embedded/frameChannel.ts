import { safeParseExplained } from '@pairwise/common'
import {
  type FrameEvent,
  type FrameRequest,
  type FrameSuccess,
  frameErrorCodes,
  frameErrorSchema,
  frameEvents,
  frameHandshakeType,
  frameLoadTimeoutMs,
  frameMethodKind,
  frameNoticeEnvelopeSchema,
  frameProtocolVersion,
  frameReadyDelayMs,
  frameReplyEnvelopeSchema,
  frameRequestTimeoutMs,
  maxFrameMessageLength,
  rpcRequestSchema,
} from '@pairwise/engine/frame'
import type { Clock } from '../core/ports.js'
import type { FrameElement } from './frameElement.js'
import { FrameError, frameErrorTexts } from './frameError.js'

/** The callbacks AppKit gives its `onTimeout` (spec §8); the modal turns them into its alerts. */
export type FrameTimeoutReason = 'iframe_load_failed' | 'iframe_request_timeout'

export type FrameChannelOptions = {
  element: Pick<FrameElement, 'origin' | 'mount' | 'mounted' | 'onLoad'>
  clock: Clock
  /** FRAME-15, FRAME-16: called once for each request that timed out. */
  onTimeout(reason: FrameTimeoutReason): void
}

export type FrameRequestOptions = { signal?: AbortSignal }

/** FRAME-16: the requests that wait for a person (a mail, a code, a popup) get the long timeout. */
const longRequests: ReadonlySet<FrameEvent> = new Set<FrameEvent>([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
])

type Pending = {
  id: string
  type: FrameEvent
  payload: unknown
  /** The envelope as the frame will read it: the JSON of what was asked. */
  message: unknown
  resolve(value: unknown): void
  reject(error: FrameError): void
  timers: unknown[]
  loadTimer: unknown
  sent: boolean
  settled: boolean
  detachAbort(): void
}

/** Whether `pending` is an RPC request the frame answers only after its own approval (OPEN-14). */
function opensApproval(pending: Pending): boolean {
  if (pending.type !== 'RPC_REQUEST') return false
  const request = rpcRequestSchema.safeParse(pending.payload)
  return request.success && frameMethodKind(request.data.method) === 'unsafe'
}

/** ERR-26, ERR-27 */
function abortedError(type: FrameEvent): FrameError {
  return new FrameError(type === 'RPC_REQUEST' ? frameErrorTexts.rpcAborted : frameErrorTexts.aborted)
}

/**
 * The host's end of the secure channel (research §1.2): on every load of the frame a fresh MessageChannel
 * whose second port goes to the frame's exact origin; from then on only the first port is read, so the
 * page's window messages never reach us. Requests wait for READY plus the settle delay (FRAME-02), and
 * each has its own timeouts and abort: one failure never takes the others down.
 */
export class FrameChannel {
  readonly #options: FrameChannelOptions
  #port: MessagePort | undefined
  #ready = false
  #readyTimer: unknown
  readonly #queue: Pending[] = []
  readonly #sent = new Map<string, Pending>()
  readonly #readyListeners: Array<() => void> = []
  readonly #signedOutListeners: Array<() => void> = []

  constructor(options: FrameChannelOptions) {
    this.#options = options
    options.element.onLoad(() => this.#handshake())
  }

  /** Puts the frame on the page (once); requests made before this fail as not connected. */
  start(): void {
    this.#options.element.mount()
  }

  get started(): boolean {
    return this.#options.element.mounted
  }

  get ready(): boolean {
    return this.#ready
  }

  /** Called each time the frame (re)starts and is ready, before the requests that waited are sent. */
  onReady(listener: () => void): void {
    this.#readyListeners.push(listener)
  }

  /** The frame ended the session itself (expired, or the wallet locked). */
  onSignedOut(listener: () => void): void {
    this.#signedOutListeners.push(listener)
  }

  request<E extends FrameEvent>(
    type: E,
    payload: FrameRequest<E>,
    options: FrameRequestOptions = {},
  ): Promise<FrameSuccess<E>> {
    return new Promise<unknown>((resolve, reject) => {
      const checked = safeParseExplained(frameEvents[type][0], payload)
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? frameErrorTexts.unknown
        reject(new FrameError(message, { code: frameErrorCodes.invalidParams, cause: checked.error }))
        return
      }
      const id = crypto.randomUUID()
      const text = cappedJson({ v: frameProtocolVersion, id, type, payload: checked.data })
      if (text === undefined) {
        reject(new FrameError(frameErrorTexts.unreadable, { code: frameErrorCodes.invalidParams }))
        return
      }
      if (!this.started) {
        reject(new FrameError(frameErrorTexts.notConnected, { code: frameErrorCodes.disconnected }))
        return
      }
      if (options.signal?.aborted) {
        reject(abortedError(type))
        return
      }
      const pending: Pending = {
        id,
        type,
        payload: checked.data,
        // The frame reads a message as its JSON and drops, unanswered, one that is not JSON or over the cap
        // (services/frame serveFrame). Sending that JSON means what arrives is what was measured, and params
        // a port cannot clone (reactive proxies, functions) cannot throw mid-send and strand the queue.
        message: JSON.parse(text),
        resolve,
        reject,
        timers: [],
        loadTimer: undefined,
        sent: false,
        settled: false,
        detachAbort: () => {},
      }
      this.#arm(pending, options.signal)
      if (this.#ready) this.#send(pending)
      else this.#queue.push(pending)
    }) as Promise<FrameSuccess<E>>
  }

  /** Ends the channel: the port closes and every open request fails as aborted. */
  close(): void {
    this.#clearReadyTimer()
    this.#ready = false
    this.#port?.close()
    this.#port = undefined
    for (const pending of [...this.#queue, ...this.#sent.values()])
      this.#fail(pending, abortedError(pending.type))
  }

  #arm(pending: Pending, signal: AbortSignal | undefined): void {
    const { clock, onTimeout } = this.#options
    if (longRequests.has(pending.type)) {
      pending.timers.push(
        clock.setTimeout(() => {
          if (pending.settled) return
          this.#fail(pending, abortedError(pending.type))
          onTimeout('iframe_request_timeout')
        }, frameRequestTimeoutMs),
      )
    }
    if (!this.#ready) {
      pending.loadTimer = clock.setTimeout(() => {
        if (pending.settled || pending.sent) return
        this.#fail(pending, abortedError(pending.type))
        onTimeout('iframe_load_failed')
      }, frameLoadTimeoutMs)
    }
    if (signal) {
      const onAbort = () => this.#abort(pending)
      signal.addEventListener('abort', onAbort, { once: true })
      pending.detachAbort = () => signal.removeEventListener('abort', onAbort)
    }
  }

  #abort(pending: Pending): void {
    if (pending.settled) return
    const wasSent = pending.sent
    this.#fail(pending, abortedError(pending.type))
    // FRAME-08: the frame stops the approval it shows; it is told only about a request it has seen, and
    // only one that opens an approval (RPC_ABORT names none: a read's abort would end another's approval).
    if (wasSent && opensApproval(pending)) this.request('RPC_ABORT', {}).catch(() => {})
  }

  #send(pending: Pending): void {
    if (!this.#port) return
    this.#options.clock.clearTimeout(pending.loadTimer)
    pending.sent = true
    this.#sent.set(pending.id, pending)
    this.#port.postMessage(pending.message)
  }

  #finish(pending: Pending): boolean {
    if (pending.settled) return false
    pending.settled = true
    for (const timer of pending.timers) this.#options.clock.clearTimeout(timer)
    this.#options.clock.clearTimeout(pending.loadTimer)
    pending.detachAbort()
    this.#sent.delete(pending.id)
    const queued = this.#queue.indexOf(pending)
    if (queued >= 0) this.#queue.splice(queued, 1)
    return true
  }

  #fail(pending: Pending, error: FrameError): void {
    if (this.#finish(pending)) pending.reject(error)
  }

  #handshake(): void {
    const target = this.#options.element.mount().contentWindow
    if (!target) return
    // A reload (RELOAD, or the frame navigating) leaves the old port deaf: what was sent on it is lost.
    this.#clearReadyTimer()
    this.#ready = false
    this.#port?.close()
    for (const pending of [...this.#sent.values()]) this.#fail(pending, abortedError(pending.type))
    const channel = new MessageChannel()
    this.#port = channel.port1
    const port = channel.port1
    port.addEventListener('message', (event: MessageEvent) => {
      if (this.#port === port) this.#receive(event.data)
    })
    port.start()
    target.postMessage({ type: frameHandshakeType, v: frameProtocolVersion }, this.#options.element.origin, [
      channel.port2,
    ])
  }

  #receive(data: unknown): void {
    if (cappedJson(data) === undefined) return
    const reply = frameReplyEnvelopeSchema.safeParse(data)
    if (reply.success) {
      this.#settle(reply.data.id, reply.data.type, reply.data.payload)
      return
    }
    const notice = frameNoticeEnvelopeSchema.safeParse(data)
    if (!notice.success) return
    if (notice.data.type === 'SIGNED_OUT') {
      for (const listener of this.#signedOutListeners) listener()
    } else if (!this.#ready && this.#readyTimer === undefined) {
      this.#readyTimer = this.#options.clock.setTimeout(() => this.#becomeReady(), frameReadyDelayMs)
    }
  }

  #becomeReady(): void {
    this.#readyTimer = undefined
    this.#ready = true
    for (const listener of this.#readyListeners) listener()
    for (const pending of this.#queue.splice(0)) this.#send(pending)
  }

  #settle(id: string, type: string, payload: unknown): void {
    const pending = this.#sent.get(id)
    if (!pending) return
    if (type === `${pending.type}_ERROR`) {
      const error = frameErrorSchema.safeParse(payload ?? {})
      const message = (error.success && error.data.message) || frameErrorTexts.unknown
      const code = error.success ? error.data.code : undefined
      this.#fail(pending, new FrameError(message, code === undefined ? {} : { code }))
      return
    }
    if (type !== `${pending.type}_SUCCESS`) return
    const success = safeParseExplained(frameEvents[pending.type][1], payload)
    if (!success.success) {
      this.#fail(
        pending,
        new FrameError(frameErrorTexts.unknown, { code: frameErrorCodes.internal, cause: success.error }),
      )
      return
    }
    if (this.#finish(pending)) pending.resolve(success.data)
  }

  #clearReadyTimer(): void {
    if (this.#readyTimer !== undefined) this.#options.clock.clearTimeout(this.#readyTimer)
    this.#readyTimer = undefined
  }
}

/**
 * Size cap (research §1.2), the same at both ends: `data` as JSON, or undefined when it is larger or is
 * not plain data; such a message is dropped unread.
 */
function cappedJson(data: unknown): string | undefined {
  try {
    const text = JSON.stringify(data)
    return text !== undefined && text.length <= maxFrameMessageLength ? text : undefined
  } catch {
    return undefined
  }
}
