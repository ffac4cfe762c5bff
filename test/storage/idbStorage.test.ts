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

/** A request that succeeds with `result` on a later tick, as a browser's do. */
function request<T>(result: T) {
  const pending: { result: T; onsuccess?: () => void } = { result }
  queueMicrotask(() => pending.onsuccess?.())
  return pending
}

/**
 * The reads idb-keyval makes of IndexedDB, over records held in a map: an open database that already has the
 * object store asked for, which answers `get`, `getAllKeys` and `getAll`, each request succeeding on a later
 * tick as a browser's do.
 */
function readOnlyIndexedDb(records: Map<IDBValidKey, unknown>) {
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

/**
 * A database at version 1 without our object store, which another tab upgrades to version 3 (adding a store
 * of its own) just as we ask for version 2: our upgrade fails with `VersionError`, as a browser's does. Each
 * open request answers on a later tick; `opens` records the version each open asked for.
 */
function indexedDbUpgradedByAnotherTab() {
  const opens: (number | undefined)[] = []
  const stores = new Set<string>(['other'])
  let version = 1
  const records = new Map<IDBValidKey, unknown>()
  const objectStore = { get: (key: IDBValidKey) => request(records.get(key)) }
  const database = () => ({
    version,
    objectStoreNames: { contains: (name: string) => stores.has(name) },
    createObjectStore: (name: string) => stores.add(name),
    transaction: () => ({ objectStore: () => objectStore }),
    close: () => {},
  })
  const open = (_name: string, asked?: number) => {
    opens.push(asked)
    const opening: {
      result?: ReturnType<typeof database>
      error?: DOMException
      onupgradeneeded?: () => void
      onsuccess?: () => void
      onerror?: () => void
    } = {}
    queueMicrotask(() => {
      if (asked === 2 && version === 1) {
        // The other tab's upgrade lands first, to a version past ours.
        version = 3
        stores.add('theirs')
      }
      if (asked !== undefined && asked < version) {
        opening.error = new DOMException(
          'The requested version is less than the existing version',
          'VersionError',
        )
        opening.onerror?.()
        return
      }
      if (asked !== undefined && asked > version) {
        version = asked
        opening.result = database()
        opening.onupgradeneeded?.()
      }
      opening.result = database()
      opening.onsuccess?.()
    })
    return opening
  }
  return { indexedDB: { open }, opens, stores, records }
}

describe('IdbStorage adding its object store while another tab upgrades the same database', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('starts over after its upgrade meets a VersionError (the other tab upgraded first) and adds its store at the next version', async () => {
    const fake = indexedDbUpgradedByAnotherTab()
    fake.records.set('k', 'v')
    vi.stubGlobal('indexedDB', fake.indexedDB)
    const storage = new IdbStorage({ database: 'shared', objectStore: 'ours' })
    expect(await storage.getItem('k')).toBe('v')
    expect(fake.opens).toEqual([undefined, 2, undefined, 4])
    expect([...fake.stores]).toEqual(['other', 'theirs', 'ours'])
  })
})
