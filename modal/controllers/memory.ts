import type { KeyValue } from './context.js'

/** localStorage when the page has it; a per-instance map otherwise (SSR, tests, storage blocked). */
export function pageMemory(): KeyValue {
  try {
    const storage = globalThis.localStorage
    if (storage) {
      const probe = 'pairwise:probe'
      storage.setItem(probe, '1')
      storage.removeItem(probe)
      return storage
    }
  } catch {
    // Storage can be present but refuse access (privacy modes); the map below is the fallback.
  }
  return mapMemory()
}

export function mapMemory(): KeyValue {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}
