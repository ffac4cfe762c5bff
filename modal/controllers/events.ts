export type ModalEventName =
  | 'MODAL_CREATED'
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
  last(): ModalEvent
}

/** Tracked events stay in the page: they reach subscribers only; nothing is sent anywhere from here. */
export function createEventBus(now: () => number = Date.now): EventBus {
  const listeners = new Set<(event: ModalEvent) => void>()
  // AppKit's apps read the last event before anything happened: it is the instance's creation.
  let last: ModalEvent = { timestamp: now(), data: { type: 'track', event: 'MODAL_CREATED' } }
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
