import type * as z from 'zod/mini'
import { safeParseExplained } from './issues.js'
import type { KeyValueStorage, ReportProblem } from './keyValueStorage.js'

export class StoreError extends Error {
  override readonly name = 'StoreError'
  constructor(
    readonly code: 'NO_MATCHING_KEY' | 'NOT_INITIALIZED',
    message: string,
  ) {
    super(message)
  }
}

export type TypedStoreOptions<V> = {
  storage: KeyValueStorage
  /** The full storage key the list is kept under, from `storageKey()`. */
  storageKey: string
  /** Names the store in errors and reports, e.g. "session". */
  name: string
  schema: z.core.$ZodType<V>
  keyOf: (value: V) => string
  /** Told about every stored entry that failed the schema; such entries are dropped. */
  onProblem?: ReportProblem
}

/**
 * A keyed collection of validated values, kept in memory and persisted as one list under one storage key.
 * Reads are synchronous after `init()`; each write persists a snapshot, and writes land in call order.
 */
export class TypedStore<V> {
  readonly name: string
  private readonly options: TypedStoreOptions<V>
  private readonly values = new Map<string, V>()
  private initialized = false
  private persisting: Promise<void> = Promise.resolve()

  constructor(options: TypedStoreOptions<V>) {
    this.options = options
    this.name = options.name
  }

  /** Loads the stored list; corrupt or foreign entries are reported and dropped, never thrown. */
  async init(): Promise<void> {
    if (this.initialized) return
    const { storage, storageKey, schema, keyOf } = this.options
    const report = (reason: string) => this.options.onProblem?.({ key: storageKey, reason })
    let stored: unknown
    try {
      stored = await storage.getItem(storageKey)
    } catch (error) {
      report(`could not be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    let dropped = false
    if (stored !== undefined && !Array.isArray(stored)) {
      report(`expected a list of ${this.name} entries, found ${stored === null ? 'null' : typeof stored}`)
      dropped = true
    }
    for (const [index, entry] of (Array.isArray(stored) ? stored : []).entries()) {
      const parsed = safeParseExplained(schema, entry)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        report(
          `entry ${index} is not a valid ${this.name}: ${issue?.path.join('.') || 'value'} ${issue?.message ?? ''}`.trim(),
        )
        dropped = true
        continue
      }
      this.values.set(keyOf(parsed.data), parsed.data)
    }
    this.initialized = true
    if (dropped) await this.persist()
  }

  get length(): number {
    return this.values.size
  }

  get keys(): string[] {
    this.assertInitialized()
    return [...this.values.keys()]
  }

  /** Every value, or those whose fields equal every field of `filter`. */
  getAll(filter?: Partial<V>): V[] {
    this.assertInitialized()
    const all = [...this.values.values()]
    if (!filter) return all
    const wanted = Object.entries(filter) as [keyof V, unknown][]
    return all.filter((value) => wanted.every(([field, expected]) => value[field] === expected))
  }

  has(key: string): boolean {
    this.assertInitialized()
    return this.values.has(key)
  }

  get(key: string): V {
    this.assertInitialized()
    const value = this.values.get(key)
    if (value === undefined) throw new StoreError('NO_MATCHING_KEY', `No matching key. ${this.name}: ${key}`)
    return value
  }

  set(key: string, value: V): Promise<void> {
    this.assertInitialized()
    this.values.set(key, value)
    return this.persist()
  }

  update(key: string, patch: Partial<V>): Promise<void> {
    return this.set(key, { ...this.get(key), ...patch })
  }

  delete(key: string): Promise<void> {
    this.assertInitialized()
    if (!this.values.delete(key)) return this.persisting
    return this.persist()
  }

  private persist(): Promise<void> {
    const snapshot = [...this.values.values()]
    const { storage, storageKey } = this.options
    this.persisting = this.persisting.catch(() => {}).then(() => storage.setItem(storageKey, snapshot))
    return this.persisting
  }

  private assertInitialized(): void {
    if (!this.initialized) throw new StoreError('NOT_INITIALIZED', `Not initialized. ${this.name} store`)
  }
}
