import type { KeyValueStore } from '../custody/index.js'

/** The device vault's record of the session token (services/frame/custody/deviceVault.ts). */
const sessionRecord = 'session'

/**
 * The frame's storage for one project. Every project's frame runs on this one origin, so it shares one
 * IndexedDB: the session token is kept under the project's own key, and another project's frame on the
 * same browser finds none (issue 31, finding 11). The device keys and the device's wallet share stay
 * shared: they are this browser's, the server gives a project nothing for them without its own session.
 */
export function sessionPerProject(store: KeyValueStore, projectId: string): KeyValueStore {
  const keyOf = (key: string) => (key === sessionRecord ? `${sessionRecord}/${projectId}` : key)
  return {
    get: (key) => store.get(keyOf(key)),
    set: (key, value) => store.set(keyOf(key), value),
    del: (key) => store.del(keyOf(key)),
  }
}
