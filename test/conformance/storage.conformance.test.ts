import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SignClient } from '../../engine/index.js'
import { MemoryStorage, type StorageProblem, storageKey } from '../../storage/index.js'
import { useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { ClientPool, establishSession } from './support/fixtures.js'

const harness = useTestRelay()

const storeKeys = [
  storageKey({ context: 'core', name: 'keychain' }),
  storageKey({ context: 'core', name: 'pairing' }),
  storageKey({ context: 'core', name: 'history' }),
  storageKey({ context: 'core', name: 'expirer' }),
  storageKey({ context: 'client', name: 'session' }),
  storageKey({ context: 'client', name: 'proposal' }),
  storageKey({ context: 'client', name: 'pendingRequest' }),
  storageKey({ context: 'client', name: 'authRequest' }),
]

// JSON-shaped garbage, plus near misses: lists of almost-valid records.
const garbage = fc.oneof(
  fc.jsonValue(),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.array(
    fc.record({
      topic: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string()),
      expiry: fc.oneof(fc.integer(), fc.string()),
      target: fc.string(),
      tag: fc.string(),
      key: fc.string(),
      id: fc.oneof(fc.integer(), fc.string()),
    }),
    { maxLength: 3 },
  ),
)

describe('storage conformance', () => {
  it('random garbage in every store key at start-up never crashes init', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(garbage, { minLength: storeKeys.length, maxLength: storeKeys.length }),
        async (values) => {
          const storage = new MemoryStorage()
          for (const [index, key] of storeKeys.entries()) await storage.setItem(key, values[index])
          const problems: StorageProblem[] = []
          const client = await SignClient.init({
            relayUrl: harness.relay.url,
            storage,
            logger: 'silent',
            onStorageProblem: (problem) => problems.push(problem),
          })
          try {
            expect(Array.isArray(client.session.getAll())).toBe(true)
            expect(Array.isArray(client.proposal.keys)).toBe(true)
            for (const problem of problems) expect(storeKeys).toContain(problem.key)
          } finally {
            await client.close()
          }
        },
      ),
      { numRuns: 40 },
    )
  })

  it('a client restarted on its storage keeps its sessions, and corrupt entries are reported and dropped', async () => {
    const pool = new ClientPool()
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url, { storage })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    await dapp.close()
    const sessionKey = storageKey({ context: 'client', name: 'session' })
    const brokenKey = `${sessionKey}/${'f'.repeat(64)}`
    await storage.setItem(brokenKey, { topic: 'broken' })
    const problems: StorageProblem[] = []
    const restarted = await pool.make(harness.relay.url, {
      storage,
      onStorageProblem: (problem) => problems.push(problem),
    })
    expect(restarted.session.keys).toEqual([topic])
    expect(problems).toEqual([{ key: brokenKey, reason: expect.stringContaining('not a valid session') }])
    await expectRequestAnswered(pool, wallet, restarted, topic)
    await pool.closeAll()
  })

  it('a client restarted on storage in the old one-list-per-store layout keeps its sessions', async () => {
    const pool = new ClientPool()
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url, { storage })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    await dapp.close()
    // Fold every store's entries back into one list under the store's key, as earlier versions kept them.
    const lists = new Map<string, unknown[]>()
    for (const [key, value] of await storage.getEntries()) {
      const slash = key.indexOf('/')
      if (slash < 0) continue
      const listKey = key.slice(0, slash)
      lists.set(listKey, [...(lists.get(listKey) ?? []), value])
      await storage.removeItem(key)
    }
    for (const [listKey, list] of lists) await storage.setItem(listKey, list)
    const sessionKey = storageKey({ context: 'client', name: 'session' })
    await storage.setItem(sessionKey, [...(lists.get(sessionKey) ?? []), { topic: 'broken' }])
    const problems: StorageProblem[] = []
    const restarted = await pool.make(harness.relay.url, {
      storage,
      onStorageProblem: (problem) => problems.push(problem),
    })
    expect(restarted.session.keys).toEqual([topic])
    expect(problems).toEqual([
      { key: sessionKey, reason: expect.stringContaining('entry 1 is not a valid session') },
    ])
    expect(await storage.getItem(sessionKey)).toBeUndefined()
    await expectRequestAnswered(pool, wallet, restarted, topic)
    await pool.closeAll()
  })
})

async function expectRequestAnswered(
  pool: ClientPool,
  wallet: SignClient,
  dapp: SignClient,
  topic: string,
): Promise<void> {
  wallet.on('session_request', ({ id }) =>
    pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: 'again' } })),
  )
  await expect(
    dapp.request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [] } }),
  ).resolves.toBe('again')
}
