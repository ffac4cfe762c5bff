import { afterEach, describe, expect, it, vi } from 'vitest'
import { IdbStorage } from '../../storage/index.js'

describe('IdbStorage where IndexedDB is missing (server rendering, Node)', () => {
  it('can be constructed, and rejects each call with the reason instead', async () => {
    expect('indexedDB' in globalThis).toBe(false)
    const storage = new IdbStorage()
    await expect(storage.getKeys()).rejects.toThrow(/indexedDB/)
    await expect(storage.getItem('k')).rejects.toThrow(/indexedDB/)
  })
})

/**
 * The reads idb-keyval makes of IndexedDB, over records held in a map: an open database that already has the
 * object store asked for, which answers `get`, `getAllKeys` and `getAll`, each request succeeding on a later
 * tick as a browser's do.
 */
function readOnlyIndexedDb(records: Map<IDBValidKey, unknown>) {
  const request = <T>(result: T) => {
    const pending: { result: T; onsuccess?: () => void } = { result }
    queueMicrotask(() => pending.onsuccess?.())
    return pending
  }
  const objectStore = {
    get: (key: IDBValidKey) => request(records.get(key)),
    getAllKeys: () => request([...records.keys()]),
    getAll: () => request([...records.values()]),
  }
  const database = {
    objectStoreNames: { contains: () => true },
    transaction: () => ({ objectStore: () => objectStore }),
  }
  return { open: () => request(database) }
}

describe('IdbStorage over a database another script on the site also writes', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('leaves out of its entries a record whose value is undefined, as the file storage does', async () => {
    vi.stubGlobal(
      'indexedDB',
      readOnlyIndexedDb(
        new Map<IDBValidKey, unknown>([
          ['kept', { n: 1 }],
          ['written undefined', undefined],
          [7, 'a number key'],
        ]),
      ),
    )
    const storage = new IdbStorage()
    expect(await storage.getEntries()).toEqual([['kept', { n: 1 }]])
    expect(await storage.getItem('written undefined')).toBeUndefined()
  })
})
