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
    const stored = (await storage.getItem<unknown[]>(sessionKey)) ?? []
    await storage.setItem(sessionKey, [...stored, { topic: 'broken' }])
    const problems: StorageProblem[] = []
    const restarted = await pool.make(harness.relay.url, {
      storage,
      onStorageProblem: (problem) => problems.push(problem),
    })
    expect(restarted.session.keys).toEqual([topic])
    expect(problems).toEqual([
      { key: sessionKey, reason: expect.stringContaining('entry 1 is not a valid session') },
    ])
    wallet.on(
      'session_request',
      ({ id }) => void wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: 'again' } }),
    )
    await expect(
      restarted.request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [] } }),
    ).resolves.toBe('again')
    await pool.closeAll()
  })
})
