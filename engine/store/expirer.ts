import { unrefTimer } from '@pairwise/common'
import { type KeyValueStorage, type ReportProblem, TypedStore } from '@pairwise/storage'
import { type Expiration, ExpirationSchema } from '../schemas/index.js'
import type { Clock } from '../time.js'

export type ExpirerTarget = { kind: 'topic'; topic: string } | { kind: 'id'; id: number }

export function topicTarget(topic: string): string {
  return `topic:${topic}`
}

export function idTarget(id: number): string {
  return `id:${id}`
}

export function parseTarget(target: string): ExpirerTarget {
  return target.startsWith('topic:')
    ? { kind: 'topic', topic: target.slice('topic:'.length) }
    : { kind: 'id', id: Number(target.slice('id:'.length)) }
}

// setTimeout keeps a 32-bit delay; a longer wait is taken in steps.
const MAX_DELAY_MS = 2 ** 31 - 1

/**
 * Persisted expiry times of pairings, sessions, proposals and requests, with one timer armed for the
 * earliest. Targets that expired while the client was down fire on `start()`.
 */
export class Expirer {
  readonly #store: TypedStore<Expiration>
  readonly #clock: Clock
  readonly #onExpired: (target: ExpirerTarget) => void
  #timer: ReturnType<typeof setTimeout> | undefined
  #running = false

  constructor(options: {
    storage: KeyValueStorage
    storageKey: string
    onProblem?: ReportProblem
    clock: Clock
    onExpired: (target: ExpirerTarget) => void
  }) {
    this.#store = new TypedStore({
      storage: options.storage,
      storageKey: options.storageKey,
      name: 'expirer',
      schema: ExpirationSchema,
      keyOf: (entry) => entry.target,
      onProblem: options.onProblem,
    })
    this.#clock = options.clock
    this.#onExpired = options.onExpired
  }

  init(): Promise<void> {
    return this.#store.init()
  }

  has(target: string): boolean {
    return this.#store.has(target)
  }

  async set(target: string, expirySeconds: number): Promise<void> {
    await this.#store.set(target, { target, expiry: expirySeconds })
    this.#arm()
  }

  async delete(target: string): Promise<void> {
    await this.#store.delete(target)
    this.#arm()
  }

  start(): void {
    this.#running = true
    this.check()
  }

  stop(): void {
    this.#running = false
    clearTimeout(this.#timer)
    this.#timer = undefined
  }

  /** Fires every target whose time has come, then re-arms for the next. */
  check(): void {
    const now = this.#clock.now()
    for (const entry of this.#store.getAll()) {
      if (entry.expiry * 1000 > now) continue
      // A delete storage refuses leaves the entry in place, so it fires again at the next check.
      this.#store.delete(entry.target).catch(() => {})
      this.#onExpired(parseTarget(entry.target))
    }
    this.#arm()
  }

  #arm(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    if (!this.#running) return
    let earliest = Number.POSITIVE_INFINITY
    for (const entry of this.#store.getAll()) earliest = Math.min(earliest, entry.expiry * 1000)
    if (earliest === Number.POSITIVE_INFINITY) return
    const delay = Math.min(Math.max(earliest - this.#clock.now(), 0), MAX_DELAY_MS)
    this.#timer = setTimeout(() => this.check(), delay)
    // An idle client must not keep a Node process alive just to expire things.
    unrefTimer(this.#timer)
  }
}
