import type { UseStore } from 'idb-keyval'

/**
 * How many times an open starts over after another connection changed the database's version first: each
 * round, one of the instances adding a store at once wins, so this many can start together on one database.
 */
const upgradeAttempts = 5
/**
 * How long an upgrade may stay `blocked` before it is given up: a connection that closes on `versionchange`
 * lets it through within this, one that ignores it never does.
 */
const blockedGraceMs = 1_000

/**
 * idb-keyval's store getter (what `createStore` returns) for `objectStore` in `database`, adding the store
 * when the database exists without it (`createStore` adds it only when it creates the database). The
 * connection is opened on first use and reopened after it closes, so it never keeps another from upgrading.
 */
export function idbObjectStore(database: string, objectStore: string): UseStore {
  let connection: Promise<IDBDatabase> | undefined
  const connect = () => {
    if (connection) return connection
    const opening = openWithStore(database, objectStore, () => {
      if (connection === opening) connection = undefined
    })
    connection = opening
    opening.catch(() => {
      if (connection === opening) connection = undefined
    })
    return opening
  }
  return (mode, callback) =>
    connect().then((db) => callback(db.transaction(objectStore, mode).objectStore(objectStore)))
}

async function openWithStore(
  database: string,
  objectStore: string,
  onGone: () => void,
): Promise<IDBDatabase> {
  for (let attempt = 0; attempt < upgradeAttempts; attempt++) {
    const current = await open(database, objectStore, undefined, onGone)
    if (current.objectStoreNames.contains(objectStore)) return current
    const version = current.version + 1
    current.close()
    // Another tab upgrading first makes ours a VersionError, or leaves a version without our store.
    const upgraded = await open(database, objectStore, version, onGone).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'VersionError') return undefined
      throw error
    })
    if (upgraded?.objectStoreNames.contains(objectStore)) return upgraded
    upgraded?.close()
  }
  throw new Error(
    `IndexedDB database "${database}" kept changing version while object store "${objectStore}" was being added`,
  )
}

/** One open request; the connection closes itself on `versionchange`, and `onGone` hears it is unusable. */
function open(
  database: string,
  objectStore: string,
  version: number | undefined,
  onGone: () => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, version)
    let blocked: ReturnType<typeof setTimeout> | undefined
    // Given up while blocked: the request stays queued, and the connection it opens later is closed at once.
    let gaveUp = false
    request.onupgradeneeded = () => {
      clearTimeout(blocked)
      if (!request.result.objectStoreNames.contains(objectStore))
        request.result.createObjectStore(objectStore)
    }
    request.onblocked = () => {
      clearTimeout(blocked)
      blocked = setTimeout(() => {
        gaveUp = true
        reject(
          new Error(
            `IndexedDB database "${database}" cannot add object store "${objectStore}": another connection to it (another tab?) does not close`,
          ),
        )
      }, blockedGraceMs)
    }
    request.onsuccess = () => {
      clearTimeout(blocked)
      const db = request.result
      if (gaveUp) {
        db.close()
        return
      }
      db.onversionchange = () => {
        db.close()
        onGone()
      }
      db.onclose = onGone
      resolve(db)
    }
    request.onerror = () => {
      clearTimeout(blocked)
      reject(request.error)
    }
  })
}
