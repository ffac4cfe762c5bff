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

  it('reports and drops corrupt or foreign entries, keeps the good ones, and rewrites the list', async () => {
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
    expect(await storage.getItem(key)).toEqual([session(1), session(2)])
  })

  it('starts empty, with a report, when the stored value is not a list', async () => {
    const storage = new MemoryStorage()
    await storage.setItem(key, { topic: topic(1) })
    const problems: StorageProblem[] = []
    const store = makeStore(storage, problems)
    await store.init()
    expect(store.getAll()).toEqual([])
    expect(problems).toEqual([{ key, reason: 'expected a list of session entries, found object' }])
  })

  it('survives a storage that fails to read, reporting why', async () => {
    const storage = new MemoryStorage()
    storage.getItem = () => Promise.reject(new Error('disk on fire'))
    const problems: StorageProblem[] = []
    const store = makeStore(storage, problems)
    await store.init()
    expect(store.length).toBe(0)
    expect(problems).toEqual([{ key, reason: 'could not be read: disk on fire' }])
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
