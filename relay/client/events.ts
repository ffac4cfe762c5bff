import type { ReceivedMessage } from '../protocol/index.js'
import type { RelayClientError } from './errors.js'

/** A message published on a subscribed topic, after de-duplication. */
export type RelayMessage = ReceivedMessage

export type RelayClientEvents = {
  /** The socket opened; `reconnect` is false only for the first connection. */
  connect: { reconnect: boolean }
  disconnect: { code: number; reason: string }
  message: RelayMessage
  /** Problems that belong to no caller: malformed frames, socket errors, failed resubscribes. */
  error: RelayClientError
}

export type Listener<Payload> = (payload: Payload) => void

type ListenerSets<Events> = { [Name in keyof Events]?: Set<Listener<Events[Name]>> }

/** A per-instance typed emitter. A throwing listener is handed to `onListenerError`, never to the emitter. */
export class Emitter<Events extends Record<string, unknown>> {
  readonly #listeners: ListenerSets<Events> = {}
  readonly #onListenerError: (error: unknown, event: keyof Events) => void

  constructor(onListenerError: (error: unknown, event: keyof Events) => void) {
    this.#onListenerError = onListenerError
  }

  /** Returns a function that removes the listener. */
  on<Name extends keyof Events>(event: Name, listener: Listener<Events[Name]>): () => void {
    const set = this.#listeners[event] ?? new Set<Listener<Events[Name]>>()
    this.#listeners[event] = set
    set.add(listener)
    return () => this.off(event, listener)
  }

  off<Name extends keyof Events>(event: Name, listener: Listener<Events[Name]>): void {
    this.#listeners[event]?.delete(listener)
  }

  emit<Name extends keyof Events>(event: Name, payload: Events[Name]): void {
    for (const listener of [...(this.#listeners[event] ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        this.#onListenerError(error, event)
      }
    }
  }
}
