import { PROVIDER_STORAGE_PREFIX } from '@pairwise/engine'
import { type KeyValueStorage, storageKey } from '@pairwise/storage'

/**
 * The engine's storage prefix for an instance of `projectId`. Every instance on an origin shares the page's
 * storage, so without one each would load, restore and end the sessions of the others. Encoded, so that no
 * projectId holds a `:` or `/` making its keys begin another's (the stores find their entries by prefix).
 * Instances without a projectId keep the unprefixed keys.
 */
export function projectStoragePrefix(projectId: string | undefined): string | undefined {
  return projectId ? encodeURIComponent(projectId) : undefined
}

/** The beginnings of the engine's keys without a prefix, each with its beginning under `prefix`. */
function scopes(prefix: string): [unprefixed: string, own: string][] {
  return [
    ...(['core', 'client'] as const).map((context): [string, string] => [
      storageKey({ context, name: '' }),
      storageKey({ customPrefix: prefix, context, name: '' }),
    ]),
    // The provider keeps its state under `<provider prefix>/namespaces`, or `<provider prefix><prefix>:/namespaces`.
    [`${PROVIDER_STORAGE_PREFIX}/`, `${PROVIDER_STORAGE_PREFIX}${prefix}:/`],
  ]
}

/**
 * Moves the engine's unprefixed items under `prefix` when the project has none of its own yet, so a visitor
 * from before sessions were per project keeps the session: all of them (sessions, pairings, the keychain the
 * session decrypts with, history, the expirer, the provider's state), each written anew, then removed.
 * The first project instance to load on the origin takes them, and an instance that has loaded before
 * (its relay identity is kept) never does, so it leaves an unprefixed instance's session be.
 */
export async function adoptUnprefixedItems(storage: KeyValueStorage, prefix: string): Promise<void> {
  const pairs = scopes(prefix)
  const keys = await storage.getKeys()
  if (keys.some((key) => pairs.some(([, own]) => key.startsWith(own)))) return
  const moves = keys.flatMap((key) =>
    pairs.flatMap(([unprefixed, own]) =>
      key.startsWith(unprefixed) ? [{ from: key, to: own + key.slice(unprefixed.length) }] : [],
    ),
  )
  for (const { from, to } of moves) {
    const value = await storage.getItem(from)
    if (value !== undefined) await storage.setItem(to, value)
  }
  for (const { from } of moves) await storage.removeItem(from)
}
