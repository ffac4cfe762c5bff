import { type KeyValueStorage, toJsonValue } from './keyValueStorage.js'

/** Keeps everything in this instance; nothing survives the process. The default in tests and on servers. */
export class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, unknown>()

  async getKeys(): Promise<string[]> {
    return [...this.items.keys()]
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.items.entries()].map(([key, value]) => [key, structuredClone(value) as T])
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.items.has(key) ? (structuredClone(this.items.get(key)) as T) : undefined
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.items.set(key, toJsonValue(key, value))
  }

  async removeItem(key: string): Promise<void> {
    this.items.delete(key)
  }
}
