import { explainIssue, type Parses } from '@pairwise/common'
import type { KeyValueStorage, ReportProblem } from './keyValueStorage.js'

export class StoreError extends Error {
  override readonly name = 'StoreError'
  constructor(
    readonly code: 'NO_MATCHING_KEY' | 'NOT_INITIALIZED' | 'UNREADABLE',
    message: string,
  ) {
    super(message)
  }
}

export type TypedStoreOptions<V> = {
  storage: KeyValueStorage
  /**
   * The store's storage key, from `storageKey()`. Each entry is kept under `<storageKey>/<entry key>`;
   * a list kept under the key itself (the earlier layout, and the official client's) is migrated by
   * `init()`.
   */
  storageKey: string
  /** Names the store in errors and reports, e.g. "session". */
  name: string
  /** A zod schema, or one of `@pairwise/common/schema`: anything with zod's `safeParse`. */
  schema: Parses<V>
  keyOf: (value: V) => string
  /** Told about every stored entry that failed the schema; such entries are dropped. */
  onProblem?: ReportProblem
}

/** Present with its value, or absent. */
type Slot<V> = { value: V } | undefined

/** A key with writes in flight: what storage holds for it, and how many writes are still to land. */
type InFlight<V> = { stored: Slot<V>; writes: number }

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * A keyed collection of validated values, kept in memory and persisted one entry per storage key, so a
 * write costs the size of its entry, not of the whole store. Reads are synchronous after `init()`; writes
 * land in call order. Memory shows a write at once; a write that fails puts memory back to what storage
 * still holds and rejects, so the two never disagree once writes settle.
 */
export class TypedStore<V> {
  readonly name: string
  readonly #options: TypedStoreOptions<V>
  readonly #values = new Map<string, V>()
  readonly #inFlight = new Map<string, InFlight<V>>()
  #initialized = false
  #loading: Promise<void> | undefined
  #persisting: Promise<void> = Promise.resolve()

  constructor(options: TypedStoreOptions<V>) {
    this.#options = options
    this.name = options.name
  }

  /**
   * Loads the stored entries; corrupt or foreign ones are reported and removed, never thrown. A list in
   * the old single-key layout is rewritten entry by entry, then removed; if storage refuses those writes,
   * `init()` rejects and the list stays, so nothing is lost. A read storage fails rejects with
   * UNREADABLE: a store loaded in part looks like one whose missing entries were deleted, and the engine
   * would drop for good whatever depended on them. Calls that overlap or come later share the one load, as
   * a second would migrate the list again; after a rejection the next call loads afresh.
   */
  init(): Promise<void> {
    this.#loading ??= this.#load().catch((error: unknown) => {
      this.#loading = undefined
      throw error
    })
    return this.#loading
  }

  get length(): number {
    this.#assertInitialized()
    return this.#values.size
  }

  get keys(): string[] {
    this.#assertInitialized()
    return [...this.#values.keys()]
  }

  /** Every value, or those whose fields equal every field of `filter`. */
  getAll(filter?: Partial<V>): V[] {
    this.#assertInitialized()
    const all = [...this.#values.values()]
    if (!filter) return all
    const wanted = Object.entries(filter) as [keyof V, unknown][]
    return all.filter((value) => wanted.every(([field, expected]) => value[field] === expected))
  }

  has(key: string): boolean {
    this.#assertInitialized()
    return this.#values.has(key)
  }

  get(key: string): V {
    this.#assertInitialized()
    const value = this.#values.get(key)
    if (value === undefined) throw new StoreError('NO_MATCHING_KEY', `No matching key. ${this.name}: ${key}`)
    return value
  }

  set(key: string, value: V): Promise<void> {
    this.#assertInitialized()
    return this.#write(key, { value })
  }

  update(key: string, patch: Partial<V>): Promise<void> {
    return this.set(key, { ...this.get(key), ...patch })
  }

  delete(key: string): Promise<void> {
    this.#assertInitialized()
    if (!this.#values.has(key)) return this.#persisting.then(noop, noop)
    return this.#write(key, undefined)
  }

  #entryKey(key: string): string {
    return `${this.#options.storageKey}/${key}`
  }

  #report(key: string, reason: string): void {
    this.#options.onProblem?.({ key, reason })
  }

  #parse(entry: unknown): { value: V } | { problem: string } {
    const parsed = this.#options.schema.safeParse(entry, { error: explainIssue })
    if (parsed.success) return { value: parsed.data }
    const issue = parsed.error.issues[0]
    return {
      problem: `not a valid ${this.name}: ${issue?.path.join('.') || 'value'} ${issue?.message ?? ''}`.trim(),
    }
  }

  #read<T>(read: Promise<T>): Promise<T> {
    return read.catch((error: unknown) => {
      throw new StoreError('UNREADABLE', `${this.name} could not be read: ${describeError(error)}`)
    })
  }

  async #load(): Promise<void> {
    await this.#loadEntries()
    await this.#migrateList()
    this.#initialized = true
  }

  async #loadEntries(): Promise<void> {
    const { storage, keyOf } = this.#options
    const prefix = this.#entryKey('')
    const keys = (await this.#read(storage.getKeys())).filter((key) => key.startsWith(prefix))
    for (const id of keys) {
      const parsed = this.#parse(await this.#read(storage.getItem(id)))
      if ('value' in parsed && this.#entryKey(keyOf(parsed.value)) === id) {
        this.#values.set(id.slice(prefix.length), parsed.value)
        continue
      }
      this.#report(
        id,
        'problem' in parsed
          ? parsed.problem
          : `holds the ${this.name} of another key, ${keyOf(parsed.value)}`,
      )
      await storage.removeItem(id).catch(noop)
    }
  }

  async #migrateList(): Promise<void> {
    const { storage, storageKey, keyOf } = this.#options
    const stored = await this.#read(storage.getItem(storageKey))
    if (stored === undefined) return
    if (!Array.isArray(stored)) {
      this.#report(
        storageKey,
        `expected a list of ${this.name} entries, found ${stored === null ? 'null' : typeof stored}`,
      )
    }
    for (const [index, entry] of (Array.isArray(stored) ? stored : []).entries()) {
      const parsed = this.#parse(entry)
      if ('problem' in parsed) {
        this.#report(storageKey, `entry ${index} is ${parsed.problem}`)
        continue
      }
      const key = keyOf(parsed.value)
      // An entry already kept on its own was written after this list: a crash interrupted a migration.
      if (this.#values.has(key)) continue
      await storage.setItem(this.#entryKey(key), parsed.value)
      this.#values.set(key, parsed.value)
    }
    await storage.removeItem(storageKey)
  }

  #write(key: string, next: Slot<V>): Promise<void> {
    const current = this.#values.get(key)
    const state = this.#inFlight.get(key) ?? {
      stored: current === undefined ? undefined : { value: current },
      writes: 0,
    }
    this.#inFlight.set(key, state)
    state.writes += 1
    this.#show(key, next)
    const { storage } = this.#options
    const id = this.#entryKey(key)
    const run = this.#persisting
      .then(noop, noop)
      .then(() => (next === undefined ? storage.removeItem(id) : storage.setItem(id, next.value)))
    this.#persisting = run
    return run.then(
      () => {
        state.stored = next
        this.#settle(key, state)
      },
      (error: unknown) => {
        // Later writes to this key decide what memory shows; the last one to settle restores storage's value.
        if (this.#settle(key, state)) this.#show(key, state.stored)
        throw error
      },
    )
  }

  /** One write of `key` landed or failed; true when it was the last one in flight. */
  #settle(key: string, state: InFlight<V>): boolean {
    state.writes -= 1
    if (state.writes > 0) return false
    this.#inFlight.delete(key)
    return true
  }

  #show(key: string, slot: Slot<V>): void {
    if (slot === undefined) this.#values.delete(key)
    else this.#values.set(key, slot.value)
  }

  #assertInitialized(): void {
    if (!this.#initialized) throw new StoreError('NOT_INITIALIZED', `Not initialized. ${this.name} store`)
  }
}

function noop(): void {}
