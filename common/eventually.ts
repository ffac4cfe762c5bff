/**
 * A value at hand, or one still coming: what a call answers when the state it reads may be in this
 * process (at once) or across the network (later). Answering at once when it can spares a hot path a
 * promise and a turn per call, so one process behaves as if the state could never be shared.
 */
export type Eventually<T> = T | Promise<T>

/** `next(value)` at once for a value at hand, after it for a promise, so in-memory answers stay synchronous. */
export function andThen<T, R>(value: Eventually<T>, next: (value: T) => Eventually<R>): Eventually<R> {
  return value instanceof Promise ? value.then(next) : next(value)
}
