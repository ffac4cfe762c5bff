import {
  openWebSocket,
  type ReceivedMessage,
  type RelaySocket,
  type SocketEvents,
  type SocketFactory,
} from '../../../relay/index.js'

// Ids of the pushes this relay makes up: far above the test relay's own, which count up from 1.
const FIRST_OWN_PUSH_ID = 8_000_000_000_000_000

type Frame = {
  id?: unknown
  method?: unknown
  params?: { data?: ReceivedMessage; topic?: string; message?: string; tag?: number }
}

/**
 * A relay that keeps every message it delivers and can deliver one again, or hold one back and deliver it
 * later: what a hostile relay, or anyone who recorded the traffic, can do. It stands between a client and
 * the test relay, which stays honest; pass `createSocket` as `relay.createSocket` to each client it is to
 * serve (a restarted one too: a message recorded for the first is delivered to the second).
 */
export class ReplayingRelay {
  /** Every message pushed to the client, held back or not, oldest first. */
  readonly recorded: ReceivedMessage[] = []
  /** Every message the client published, oldest first, as a push would carry it. */
  readonly published: ReceivedMessage[] = []
  /** The events of the client's socket while it is open. */
  #open: SocketEvents | undefined
  #waitingForOpen: ((events: SocketEvents) => void)[] = []
  #hold: { topic: string; resolve: (message: ReceivedMessage) => void } | undefined
  #nextPushId = FIRST_OWN_PUSH_ID

  readonly createSocket: SocketFactory = (url, events) => {
    const socket: RelaySocket = openWebSocket(url, {
      ...events,
      onOpen: () => {
        events.onOpen()
        this.#open = events
        for (const wake of this.#waitingForOpen.splice(0)) wake(events)
      },
      onClose: (code, reason) => {
        if (this.#open === events) this.#open = undefined
        events.onClose(code, reason)
      },
      onMessage: (text) => this.#onFrame(text, events, (id) => socket.send(acknowledgement(id))),
    })
    return {
      ...socket,
      // The client's acknowledgements of our own pushes are ours to swallow: the test relay awaits none.
      send: (text) => {
        const { id, method, params } = JSON.parse(text) as Frame
        if (method === 'irn_publish' && params?.topic && params.message && params.tag !== undefined) {
          const { topic, message, tag } = params
          this.published.push({ topic, message, tag, publishedAt: Date.now() })
        }
        if (typeof id !== 'number' || id < FIRST_OWN_PUSH_ID) socket.send(text)
      },
    }
  }

  /** Holds back the next message pushed on `topic`; resolves with it. */
  holdNext(topic: string): Promise<ReceivedMessage> {
    return new Promise((resolve) => {
      this.#hold = { topic, resolve }
    })
  }

  /** The last message pushed on `topic` with relay tag `tag` (1104 an update, 1106 an extend, …). */
  last(topic: string, tag: number): ReceivedMessage {
    return lastOf(this.recorded, topic, tag, 'pushed')
  }

  /** The last message the client published on `topic` with relay tag `tag`. */
  lastPublished(topic: string, tag: number): ReceivedMessage {
    return lastOf(this.published, topic, tag, 'published')
  }

  /**
   * Pushes `message` to the client being served, as the relay pushes every message, once the client's
   * socket is open (a restarted client may still be connecting).
   */
  async deliver(message: ReceivedMessage): Promise<void> {
    const events =
      this.#open ?? (await new Promise<SocketEvents>((resolve) => this.#waitingForOpen.push(resolve)))
    const push = { id: this.#nextPushId++, jsonrpc: '2.0', method: 'irn_subscription' }
    events.onMessage(JSON.stringify({ ...push, params: { id: 'replayed', data: message } }))
  }

  #onFrame(text: string, events: SocketEvents, acknowledge: (id: unknown) => void): void {
    const frame = JSON.parse(text) as Frame
    const message = frame.method === 'irn_subscription' ? frame.params?.data : undefined
    if (message !== undefined) this.recorded.push(message)
    if (message !== undefined && this.#hold?.topic === message.topic) {
      const { resolve } = this.#hold
      this.#hold = undefined
      // Acknowledged as the client would have, so the test relay does not push it again by itself.
      acknowledge(frame.id)
      resolve(message)
      return
    }
    events.onMessage(text)
  }
}

function lastOf(messages: ReceivedMessage[], topic: string, tag: number, how: string): ReceivedMessage {
  const found = messages.findLast((message) => message.topic === topic && message.tag === tag)
  if (found === undefined) throw new Error(`no message with tag ${tag} was ${how} on ${topic}`)
  return found
}

function acknowledgement(id: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', result: true })
}
