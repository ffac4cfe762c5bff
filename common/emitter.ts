export type Listener<Payload> = (payload: Payload) => void

/** An `on`/`off` an owner shows of its emitter: typed by event, returning nothing of the emitter. */
export type Listen<Events> = <Name extends keyof Events>(
  event: Name,
  listener: Listener<Events[Name]>,
) => void

/**
 * A small typed event emitter, one per instance (relay client, engine, provider). A throwing listener is
 * reported through `onError` and never breaks the emitter's owner.
 */
export class Emitter<Events extends Record<string, unknown>> {
  readonly #listeners = new Map<keyof Events, Set<Listener<never>>>()
  readonly #onError: (error: unknown, event: keyof Events) => void

  constructor(onError: (error: unknown, event: keyof Events) => void) {
    this.#onError = onError
  }

  on<Name extends keyof Events>(event: Name, listener: Listener<Events[Name]>): this {
    const set = this.#listeners.get(event) ?? new Set()
    set.add(listener as Listener<never>)
    this.#listeners.set(event, set)
    return this
  }

  once<Name extends keyof Events>(event: Name, listener: Listener<Events[Name]>): this {
    const wrapper: Listener<Events[Name]> = (payload) => {
      this.off(event, wrapper)
      listener(payload)
    }
    return this.on(event, wrapper)
  }

  off<Name extends keyof Events>(event: Name, listener: Listener<Events[Name]>): this {
    this.#listeners.get(event)?.delete(listener as Listener<never>)
    return this
  }

  removeAllListeners(event?: keyof Events): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }

  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.size ?? 0
  }

  emit<Name extends keyof Events>(event: Name, payload: Events[Name]): boolean {
    const listeners = [...(this.#listeners.get(event) ?? [])] as Listener<Events[Name]>[]
    for (const listener of listeners) {
      try {
        listener(payload)
      } catch (error) {
        this.#onError(error, event)
      }
    }
    return listeners.length > 0
  }
}
