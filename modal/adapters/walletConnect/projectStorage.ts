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
 * Set on the origin after the first project instance to load has taken up the unprefixed items, and only then
 * (last): a move cut short is made again, whole, on the next load, and once it is set the unprefixed items
 * are those of an instance without a projectId, never to be taken.
 */
const adoptedMarker = 'pairwise:storage:perProject'

/** Of the page's LockManager (`navigator.locks`), the exclusive request adoption runs in. */
export type Locks = { request(name: string, callback: () => Promise<void>): Promise<unknown> }

/**
 * Moves the engine's unprefixed items under `prefix` when no project instance on the origin has loaded yet, so a
 * visitor from before sessions were per project keeps the session: all of them (sessions, pairings, the
 * keychain the session decrypts with, history, the expirer, the provider's state), each written anew, then
 * removed. Two tabs loading at once would each copy the session, so where the page has locks the move runs
 * under one and the second finds the marker set.
 */
export async function adoptUnprefixedItems(
  storage: KeyValueStorage,
  prefix: string,
  locks: Locks | undefined = globalThis.navigator?.locks,
): Promise<void> {
  const adopt = () => adoptOnce(storage, prefix)
  await (locks ? locks.request('pairwise:adopt-legacy-storage', adopt) : adopt())
}

async function adoptOnce(storage: KeyValueStorage, prefix: string): Promise<void> {
  if ((await storage.getItem(adoptedMarker)) !== undefined) return
  const pairs = scopes(prefix)
  const keys = await storage.getKeys()
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
  await storage.setItem(adoptedMarker, true)
}
