import { createStorage } from 'wagmi'

/** A wagmi storage kept in a map, as the browser's localStorage would keep it across a reload. */
export function mapStorage() {
  const items = new Map<string, string>()
  return createStorage({
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
  })
}
