export type ModalEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'SWITCH_NETWORK'
  | 'SELECT_WALLET'

export type ModalEvent = {
  timestamp: number
  data: { type: 'track'; event: ModalEventName; properties?: Record<string, unknown> }
}

export type EventBus = {
  emit(event: ModalEventName, properties?: Record<string, unknown>): void
  subscribe(listener: (event: ModalEvent) => void): () => void
  last(): ModalEvent | undefined
}

/** Tracked events stay in the page: they reach subscribers only; nothing is sent anywhere from here. */
export function createEventBus(now: () => number = Date.now): EventBus {
  const listeners = new Set<(event: ModalEvent) => void>()
  let last: ModalEvent | undefined
  return {
    emit(event, properties) {
      last = { timestamp: now(), data: { type: 'track', event, ...(properties ? { properties } : {}) } }
      for (const listener of [...listeners]) listener(last)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    last: () => last,
  }
}
