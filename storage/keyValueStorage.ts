/**
 * Where the engine persists its state. The method names match `IKeyValueStorage` of the official client,
 * so a storage object written for it works here unchanged. Values are JSON-serialisable.
 */
export interface KeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** A stored value that is corrupt or foreign; it is dropped and reported, never thrown at start-up. */
export type StorageProblem = { key: string; reason: string }
export type ReportProblem = (problem: StorageProblem) => void

/** The value as JSON text; a clear error for values JSON cannot hold (functions, undefined, bigint). */
export function toJsonText(key: string, value: unknown): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (error) {
    throw new TypeError(`The value for '${key}' is not JSON-serialisable: ${(error as Error).message}`)
  }
  if (text === undefined) throw new TypeError(`The value for '${key}' is not JSON-serialisable`)
  return text
}

/** Round-trips through JSON so every adapter stores exactly what a file or IndexedDB would. */
export function toJsonValue<T>(key: string, value: T): T {
  return JSON.parse(toJsonText(key, value)) as T
}
