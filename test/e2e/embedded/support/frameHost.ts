import type { FrameLocator, Page } from '@playwright/test'
import {
  type FrameErrorPayload,
  type FrameEvent,
  type FrameRequest,
  type FrameSuccess,
  frameErrorSchema,
  frameEvents,
  frameHandshakeType,
  frameProtocolVersion,
  frameReplyEnvelopeSchema,
} from '../../../../engine/frame/index.js'

/** One message the host page received: on a handshake's port (`channel` counts handshakes) or as a window message. */
export type ReceivedMessage =
  | { via: 'port'; channel: number; data: unknown }
  | { via: 'window'; origin: string; data: unknown }

export type FrameReply<E extends FrameEvent> =
  | { ok: true; payload: FrameSuccess<E> }
  | { ok: false; error: FrameErrorPayload }
  | { ok: false; timedOut: true }

/** What the host page keeps on `window` between evaluations (they are serialized, so they share no closures). */
type HostState = {
  iframe: HTMLIFrameElement
  ports: MessagePort[]
  received: ReceivedMessage[]
  waiting: Map<string, (data: unknown) => void>
}
type HostWindow = Window & { pairwiseHost: HostState }

export const frameElementId = 'pairwise-frame'

/**
 * A host page speaking engine/frame to the secure frame directly (no modal): it embeds the frame, does
 * the MessagePort handshake, sends envelopes and records every message it receives, port and window.
 */
export class FrameHost {
  private constructor(
    readonly page: Page,
    readonly frameOrigin: string,
  ) {}

  /** Opens `pageUrl` and embeds `frameUrl` in it; resolves once the iframe fired load (even a blocked one). */
  static async embed(page: Page, pageUrl: string, frameUrl: string): Promise<FrameHost> {
    await page.goto(pageUrl)
    await page.evaluate(
      ({ src, id }) =>
        new Promise<void>((resolve) => {
          const state: HostState = {
            iframe: document.createElement('iframe'),
            ports: [],
            received: [],
            waiting: new Map(),
          }
          ;(window as unknown as HostWindow).pairwiseHost = state
          window.addEventListener('message', (event) =>
            state.received.push({ via: 'window', origin: event.origin, data: event.data }),
          )
          state.iframe.id = id
          state.iframe.style.cssText = 'width: 420px; height: 640px; border: 0'
          state.iframe.addEventListener('load', () => resolve(), { once: true })
          state.iframe.src = src
          document.body.append(state.iframe)
        }),
      { src: frameUrl, id: frameElementId },
    )
    return new FrameHost(page, new URL(frameUrl).origin)
  }

  get frame(): FrameLocator {
    return this.page.frameLocator(`#${frameElementId}`)
  }

  /** Posts the handshake with a fresh port; answers that port's channel number. */
  handshake(): Promise<number> {
    return this.page.evaluate(
      ({ origin, type, v }) => {
        const state = (window as unknown as HostWindow).pairwiseHost
        const channel = new MessageChannel()
        const number = state.ports.length
        state.ports.push(channel.port1)
        channel.port1.onmessage = (event: MessageEvent) => {
          state.received.push({ via: 'port', channel: number, data: event.data })
          const id = (event.data as { id?: unknown } | null)?.id
          if (typeof id === 'string') state.waiting.get(id)?.(event.data)
        }
        state.iframe.contentWindow?.postMessage({ type, v }, origin, [channel.port2])
        return number
      },
      { origin: this.frameOrigin, type: frameHandshakeType, v: frameProtocolVersion },
    )
  }

  /** Whether READY arrived on `channel` within `timeoutMs`. */
  async ready(channel: number, timeoutMs: number): Promise<boolean> {
    return this.page
      .waitForFunction(
        (number) =>
          (window as unknown as HostWindow).pairwiseHost.received.some(
            (m) =>
              m.via === 'port' && m.channel === number && (m.data as { type?: unknown }).type === 'READY',
          ),
        channel,
        { timeout: timeoutMs },
      )
      .then(
        () => true,
        () => false,
      )
  }

  /** Sends one request on `channel` (the last handshake's by default) and parses its reply. */
  async request<E extends FrameEvent>(
    type: E,
    payload: FrameRequest<E>,
    options: { channel?: number; timeoutMs?: number } = {},
  ): Promise<FrameReply<E>> {
    return (await this.timedRequest(type, payload, options)).reply
  }

  /**
   * `request`, with when the page posted it and when the reply arrived, in the page's clock as epoch
   * milliseconds (timeOrigin + now), so they compare with times taken in the frame.
   */
  async timedRequest<E extends FrameEvent>(
    type: E,
    payload: FrameRequest<E>,
    { channel, timeoutMs = 60_000 }: { channel?: number; timeoutMs?: number } = {},
  ): Promise<{ reply: FrameReply<E>; sentAt: number; repliedAt: number }> {
    const { data, sentAt, repliedAt } = await this.page.evaluate(
      ({ type, payload, channel, timeoutMs, v }) =>
        new Promise<{ data: unknown; sentAt: number; repliedAt: number }>((resolve) => {
          const state = (window as unknown as HostWindow).pairwiseHost
          const port = state.ports[channel ?? state.ports.length - 1]
          if (!port) throw new Error('no handshake yet')
          const clock = () => performance.timeOrigin + performance.now()
          const id = crypto.randomUUID()
          const sent = { at: 0 }
          const done = (data: unknown) => resolve({ data, sentAt: sent.at, repliedAt: clock() })
          const timer = setTimeout(() => done(undefined), timeoutMs)
          state.waiting.set(id, (reply) => {
            clearTimeout(timer)
            state.waiting.delete(id)
            done(reply)
          })
          sent.at = clock()
          port.postMessage({ v, id, type, payload })
        }),
      { type, payload, channel, timeoutMs, v: frameProtocolVersion },
    )
    return { reply: parseReply(type, data), sentAt, repliedAt }
  }

  /** An EIP-1193 call through RPC_REQUEST on `chainId`. */
  rpc(method: string, params: unknown[], chainId: number): Promise<FrameReply<'RPC_REQUEST'>> {
    return this.request('RPC_REQUEST', rpcPayload(method, params, chainId))
  }

  /** Every message the page has received so far, in order. */
  received(): Promise<ReceivedMessage[]> {
    return this.page.evaluate(() => (window as unknown as HostWindow).pairwiseHost.received)
  }
}

export const rpcPayload = (method: string, params: unknown[], chainId: number) =>
  ({ method, params, chainId, chainNamespace: 'eip155' }) as const

function parseReply<E extends FrameEvent>(type: E, data: unknown): FrameReply<E> {
  if (data === undefined) return { ok: false, timedOut: true }
  const reply = frameReplyEnvelopeSchema.parse(data)
  if (reply.type === `${type}_SUCCESS`)
    return { ok: true, payload: frameEvents[type][1].parse(reply.payload) as FrameSuccess<E> }
  if (reply.type === `${type}_ERROR`) return { ok: false, error: frameErrorSchema.parse(reply.payload) }
  throw new Error(`reply of type ${reply.type} to ${type}`)
}

/** The success payload, or a thrown error saying what the frame answered instead. */
export function succeeded<E extends FrameEvent>(reply: FrameReply<E>): FrameSuccess<E> {
  if (reply.ok) return reply.payload
  throw new Error(
    'timedOut' in reply ? 'the frame did not answer' : `the frame refused: ${JSON.stringify(reply.error)}`,
  )
}
