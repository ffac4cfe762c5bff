import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  MemoryStorage,
  type StorageProblem,
  StoreError,
  storageKey,
  TypedStore,
} from '../../storage/index.js'

const sessionSchema = z.object({
  topic: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  expiry: z.int(),
  acknowledged: z.boolean(),
})
type Session = z.infer<typeof sessionSchema>
const topic = (n: number) => n.toString(16).padStart(64, '0')
const session = (n: number): Session => ({ topic: topic(n), expiry: 1_700_000_000 + n, acknowledged: false })
const key = storageKey({ context: 'client', name: 'session' })

function makeStore(storage = new MemoryStorage(), problems: StorageProblem[] = []) {
  return new TypedStore<Session>({
    storage,
    storageKey: key,
    name: 'session',
    schema: sessionSchema,
    keyOf: (s) => s.topic,
    onProblem: (p) => problems.push(p),
  })
}

describe('storage keys', () => {
  it('are prefixed wc@2: with the layout version', () => {
    expect(key).toBe('wc@2:client:0.3:session')
    expect(storageKey({ customPrefix: 'wallet', context: 'core', name: 'keychain' })).toBe(
      'wc@2:wallet:core:0.3:keychain',
    )
  })
})

describe('TypedStore', () => {
  it('persists every write and restores it in a new instance', async () => {
    const storage = new MemoryStorage()
    const store = makeStore(storage)
    await store.init()
    await store.set(topic(1), session(1))
    await store.set(topic(2), session(2))
    await store.update(topic(1), { acknowledged: true })
    await store.delete(topic(2))
    const restored = makeStore(storage)
    await restored.init()
    expect(restored.getAll()).toEqual([{ ...session(1), acknowledged: true }])
    expect(restored.keys).toEqual([topic(1)])
  })

  it('filters getAll by field values', async () => {
    const store = makeStore()
    await store.init()
    await store.set(topic(1), session(1))
    await store.set(topic(2), { ...session(2), acknowledged: true })
    expect(store.getAll({ acknowledged: true }).map((s) => s.topic)).toEqual([topic(2)])
    expect(store.length).toBe(2)
  })

  it('throws NO_MATCHING_KEY for a missing key and NOT_INITIALIZED before init', async () => {
    const store = makeStore()
    expect(() => store.get(topic(1))).toThrow(expect.objectContaining({ code: 'NOT_INITIALIZED' }))
    await store.init()
    expect(() => store.get(topic(9))).toThrow(StoreError)
    expect(() => store.get(topic(9))).toThrow(`No matching key. session: ${topic(9)}`)
    expect(() => store.update(topic(9), {})).toThrow(expect.objectContaining({ code: 'NO_MATCHING_KEY' }))
  })

  it('refuses every read before init, its length included, with NOT_INITIALIZED', () => {
    const store = makeStore()
    const notInitialized = expect.objectContaining({ code: 'NOT_INITIALIZED' })
    expect(() => store.length).toThrow(notInitialized)
    expect(() => store.keys).toThrow(notInitialized)
    expect(() => store.getAll()).toThrow(notInitialized)
    expect(() => store.has(topic(1))).toThrow(notInitialized)
  })

  it('loads and migrates once for init calls that overlap or come later', async () => {
    const storage = new MeteredStorage()
    await storage.setItem(key, [session(1)])
    storage.writes = 0
    let listings = 0
    const getKeys = storage.getKeys.bind(storage)
    storage.getKeys = () => {
      listings += 1
      return getKeys()
    }
    const store = makeStore(storage)
    await Promise.all([store.init(), store.init()])
    await store.init()
    expect({ listings, writes: storage.writes }).toEqual({ listings: 1, writes: 1 })
    expect(store.getAll()).toEqual([session(1)])
  })

  it('retries the load on the next init after one that failed', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(`${key}/${topic(1)}`, session(1))
    const getKeys = storage.getKeys.bind(storage)
    storage.getKeys = () => Promise.reject(new Error('disk on fire'))
    const store = makeStore(storage)
    await expect(store.init()).rejects.toMatchObject({ code: 'UNREADABLE' })
    storage.getKeys = getKeys
    await store.init()
    expect(store.getAll()).toEqual([session(1)])
  })

  it('migrates the old single-list layout entry by entry, reporting and dropping corrupt entries', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(key, [
      session(1),
      { topic: 'not-hex', expiry: 1, acknowledged: false },
      'garbage',
      session(2),
    ])
    const problems: StorageProblem[] = []
    const store = makeStore(storage, problems)
    await store.init()
    expect(store.keys).toEqual([topic(1), topic(2)])
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatchObject({
      key,
      reason: expect.stringMatching(/^entry 1 is not a valid session: topic/),
    })
    // zod/mini has no messages of its own: the report must still say what was wrong, in words.
    expect(problems[1]?.reason).toBe(
      'entry 2 is not a valid session: value Invalid input: expected object, received string',
    )
    expect(await storage.getItem(key)).toBeUndefined()
    expect((await storage.getKeys()).sort()).toEqual([`${key}/${topic(1)}`, `${key}/${topic(2)}`])
    expect(await storage.getItem(`${key}/${topic(2)}`)).toEqual(session(2))
    const restored = makeStore(storage)
    await restored.init()
    expect(restored.getAll()).toEqual([session(1), session(2)])
  })

  it('prefers an entry kept on its own to the same key in a list a crash left mid-migration', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(key, [session(1), session(2)])
    await storage.setItem(`${key}/${topic(1)}`, { ...session(1), acknowledged: true })
    const store = makeStore(storage)
    await store.init()
    expect(store.get(topic(1)).acknowledged).toBe(true)
    expect(store.get(topic(2))).toEqual(session(2))
    expect(await storage.getItem(key)).toBeUndefined()
  })

  it('keeps the old list and rejects init when storage refuses the migrated entries', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(key, [session(1)])
    const setItem = storage.setItem.bind(storage)
    storage.setItem = () => Promise.reject(new Error('quota exceeded'))
    await expect(makeStore(storage).init()).rejects.toThrow('quota exceeded')
    expect(await storage.getItem(key)).toEqual([session(1)])
    storage.setItem = setItem
    const store = makeStore(storage)
    await store.init()
    expect(store.getAll()).toEqual([session(1)])
  })

  it('reports and removes a corrupt entry, or one stored under another key', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(`${key}/${topic(1)}`, session(1))
    await storage.setItem(`${key}/${topic(2)}`, { topic: 'broken' })
    await storage.setItem(`${key}/${topic(3)}`, session(4))
    const problems: StorageProblem[] = []
    const store = makeStore(storage, problems)
    await store.init()
    expect(store.keys).toEqual([topic(1)])
    expect(problems).toEqual([
      { key: `${key}/${topic(2)}`, reason: expect.stringMatching(/^not a valid session: topic/) },
      { key: `${key}/${topic(3)}`, reason: `holds the session of another key, ${topic(4)}` },
    ])
    expect(await storage.getKeys()).toEqual([`${key}/${topic(1)}`])
  })

  it('starts empty, with a report, when the stored value is not a list', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(key, { topic: topic(1) })
    const problems: StorageProblem[] = []
    const store = makeStore(storage, problems)
    await store.init()
    expect(store.getAll()).toEqual([])
    expect(problems).toEqual([{ key, reason: 'expected a list of session entries, found object' }])
    expect(await storage.getItem(key)).toBeUndefined()
  })

  it('rejects init with UNREADABLE when storage fails to list or read, never starting with part of it', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(`${key}/${topic(1)}`, session(1))
    const { getKeys, getItem } = storage
    storage.getItem = () => Promise.reject(new Error('disk on fire'))
    const unreadable = {
      name: 'StoreError',
      code: 'UNREADABLE',
      message: 'session could not be read: disk on fire',
    }
    await expect(makeStore(storage).init()).rejects.toMatchObject(unreadable)
    storage.getItem = getItem
    storage.getKeys = () => Promise.reject(new Error('disk on fire'))
    await expect(makeStore(storage).init()).rejects.toMatchObject(unreadable)
    storage.getKeys = getKeys
    const store = makeStore(storage)
    await store.init()
    expect(store.getAll()).toEqual([session(1)])
  })

  it('never throws from init on random garbage, and keeps exactly the valid entries (fuzz)', async () => {
    const valid = fc.record({
      topic: fc.stringMatching(/^[0-9a-f]{64}$/),
      expiry: fc.integer(),
      acknowledged: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.array(fc.oneof(valid, fc.jsonValue()))),
        async (garbage) => {
          const storage = new MemoryStorage()
          await storage.setItem(key, garbage)
          const problems: StorageProblem[] = []
          const store = makeStore(storage, problems)
          await store.init()
          const expected = Array.isArray(garbage)
            ? garbage.filter((e) => sessionSchema.safeParse(e).success)
            : []
          expect(store.getAll().length).toBe(new Set(expected.map((e) => (e as Session).topic)).size)
          if (Array.isArray(garbage)) expect(problems.length).toBe(garbage.length - expected.length)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

/** A MemoryStorage that counts what is written and can be told to fail, as a full disk or quota would. */
class MeteredStorage extends MemoryStorage {
  bytesWritten = 0
  writes = 0
  failing = false
  failWhen: (value: unknown) => boolean = () => false

  override async setItem<T>(itemKey: string, value: T): Promise<void> {
    if (this.failing || this.failWhen(value)) throw new Error('QuotaExceededError')
    this.writes += 1
    this.bytesWritten += itemKey.length + JSON.stringify(value).length
    return super.setItem(itemKey, value)
  }

  override async removeItem(itemKey: string): Promise<void> {
    if (this.failing) throw new Error('QuotaExceededError')
    return super.removeItem(itemKey)
  }
}

describe('TypedStore writes', () => {
  async function bytesForSets(count: number): Promise<number> {
    const storage = new MeteredStorage()
    const store = makeStore(storage)
    await store.init()
    for (let n = 0; n < count; n++) await store.set(topic(n), session(n))
    expect(storage.writes).toBe(count)
    return storage.bytesWritten
  }

  it('cost the size of one entry each: bytes written grow linearly with the number of sets', async () => {
    const small = await bytesForSets(200)
    const large = await bytesForSets(2_000)
    // Linear: 10x the sets, 10x the bytes (keys grow by a digit or two). A whole-list rewrite per set
    // would write about 100x.
    expect(large / small).toBeGreaterThan(9.5)
    expect(large / small).toBeLessThan(10.5)
  })

  it('that fail leave memory as storage has it, and reach the caller', async () => {
    const storage = new MeteredStorage()
    const store = makeStore(storage)
    await store.init()
    await store.set(topic(1), session(1))
    storage.failing = true
    const failing = store.set(topic(1), { ...session(1), acknowledged: true })
    expect(store.get(topic(1)).acknowledged).toBe(true)
    await expect(failing).rejects.toThrow('QuotaExceededError')
    expect(store.get(topic(1))).toEqual(session(1))
    await expect(store.set(topic(2), session(2))).rejects.toThrow('QuotaExceededError')
    expect(store.has(topic(2))).toBe(false)
    await expect(store.delete(topic(1))).rejects.toThrow('QuotaExceededError')
    expect(store.get(topic(1))).toEqual(session(1))
    storage.failing = false
    const restored = makeStore(storage)
    await restored.init()
    expect(restored.getAll()).toEqual(store.getAll())
  })

  it('in flight together settle on the last value storage took', async () => {
    const storage = new MeteredStorage()
    const store = makeStore(storage)
    await store.init()
    await store.set(topic(1), session(1))
    const stored = () => storage.getItem<Session>(`${key}/${topic(1)}`)
    const twoWrites = async (first: number, second: number) => {
      const results = await Promise.allSettled([
        store.set(topic(1), { ...session(1), expiry: first }),
        store.set(topic(1), { ...session(1), expiry: second }),
      ])
      return results.map((result) => result.status)
    }

    storage.failWhen = (value) => (value as Session).expiry === 1
    expect(await twoWrites(1, 2)).toEqual(['rejected', 'fulfilled'])
    expect(store.get(topic(1)).expiry).toBe(2)
    expect((await stored())?.expiry).toBe(2)

    storage.failWhen = (value) => (value as Session).expiry === 4
    expect(await twoWrites(3, 4)).toEqual(['fulfilled', 'rejected'])
    expect(store.get(topic(1)).expiry).toBe(3)
    expect((await stored())?.expiry).toBe(3)

    storage.failWhen = () => true
    expect(await twoWrites(5, 6)).toEqual(['rejected', 'rejected'])
    expect(store.get(topic(1)).expiry).toBe(3)
    expect((await stored())?.expiry).toBe(3)
  })
})
