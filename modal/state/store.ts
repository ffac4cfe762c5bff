export type Listener<S> = (state: S, previous: S) => void

/** A tiny observable value. Every modal instance owns its own; nothing here is shared between instances. */
export interface Store<S> {
  get(): S
  set(update: Partial<S> | ((state: S) => Partial<S>)): void
  subscribe(listener: Listener<S>): () => void
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial
  const listeners = new Set<Listener<S>>()
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === 'function' ? update(state) : update
      const previous = state
      state = { ...state, ...patch }
      for (const listener of [...listeners]) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
