import { IdbStorage, type IdbStorageOptions } from '../../../storage/index.js'

const storages = new Map<string, IdbStorage>()
const held = new Map<string, IDBDatabase>()

const storage = (name: string) => {
  const found = storages.get(name)
  if (!found) throw new Error(`no storage named ${name}`)
  return found
}

const opened = (request: IDBOpenDBRequest) =>
  new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

/** A page with several `IdbStorage`s, named, and IndexedDB connections of its own that are not ours. */
const idb = {
  open(name: string, options?: IdbStorageOptions) {
    storages.set(name, new IdbStorage(options))
  },
  set: (name: string, key: string, value: unknown) => storage(name).setItem(key, value),
  get: (name: string, key: string) => storage(name).getItem(key),
  keys: async (name: string) => (await storage(name).getKeys()).sort(),
  /** Fails with the error's message, so a test reads what an app would be shown. */
  failure: (name: string, key: string) =>
    storage(name)
      .setItem(key, 1)
      .then(
        () => 'stored',
        (error: Error) => error.message,
      ),
  /** A database made by another script of the site: one object store holding one record. */
  async createForeign(database: string, objectStore: string, key: string, value: string) {
    const request = indexedDB.open(database)
    request.onupgradeneeded = () => request.result.createObjectStore(objectStore).put(value, key)
    ;(await opened(request)).close()
  },
  async version(database: string) {
    const db = await opened(indexedDB.open(database))
    db.close()
    return db.version
  },
  async readForeign(database: string, objectStore: string, key: string) {
    const db = await opened(indexedDB.open(database))
    const request = db.transaction(objectStore).objectStore(objectStore).get(key)
    const value = await new Promise((resolve) => {
      request.onsuccess = () => resolve(request.result)
    })
    db.close()
    return value
  },
  /** A connection that ignores `versionchange`, as a tab running code that never closes would. */
  async hold(database: string) {
    held.set(database, await opened(indexedDB.open(database)))
  },
  release(database: string) {
    held.get(database)?.close()
    held.delete(database)
  },
}

Object.assign(window, { idb })
export type IdbPage = typeof idb
