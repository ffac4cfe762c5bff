import { describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../../common/index.js'
import { bytesToHex, randomBytes } from '../../crypto/index.js'
import {
  assertRoomForAuthRequest,
  assertRoomForProposal,
  assertRoomForRequest,
  heldAlready,
} from '../../engine/assertRoom.js'
import type { EngineContext } from '../../engine/context.js'
import { formatPairingUri } from '../../engine/index.js'
import { payloadId } from '../../engine/jsonrpc/index.js'
import {
  MAX_METADATA_BYTES,
  MAX_METADATA_DESCRIPTION_LENGTH,
  MAX_METADATA_ICON_LENGTH,
  MAX_METADATA_ICONS,
  MAX_METADATA_NAME_LENGTH,
  MAX_METADATA_URL_LENGTH,
  MAX_PENDING_REQUEST_BYTES,
  MAX_PENDING_REQUEST_BYTES_PER_SESSION,
  MAX_PENDING_REQUESTS,
  MAX_PENDING_REQUESTS_PER_SESSION,
  MAX_PROPOSALS,
  MAX_PROPOSALS_PER_PAIRING,
} from '../../engine/limits.js'
import { type Metadata, MetadataSchema } from '../../engine/schemas/index.js'
import { Expirer, idTarget } from '../../engine/store/expirer.js'
import { createStores, initStores } from '../../engine/store/stores.js'
import { systemClock } from '../../engine/time.js'
import { MemoryStorage } from '../../storage/index.js'
import { rawProposal, signInPayload, signInRequest } from '../conformance/support/fixtures.js'
import { newKeyPair, RawPeer } from '../conformance/support/rawPeer.js'
import { dappMetadata, establishSession, sleep, useTestRelay, walletMetadata } from './support/harness.js'

const harness = useTestRelay()
const { pool, peers } = harness

const base: Metadata = { name: 'App', description: 'An app', url: 'https://app.example', icons: [] }
const url = (length: number) => `https://app.example/${'a'.repeat(length - 'https://app.example/'.length)}`

// Each field at its cap is accepted; one character (or entry) more is refused with a message naming it.
const fields: [string, (over: number) => Metadata, number][] = [
  ['name', (n) => ({ ...base, name: 'n'.repeat(n) }), MAX_METADATA_NAME_LENGTH],
  ['description', (n) => ({ ...base, description: 'd'.repeat(n) }), MAX_METADATA_DESCRIPTION_LENGTH],
  ['url', (n) => ({ ...base, url: url(n) }), MAX_METADATA_URL_LENGTH],
  ['verifyUrl', (n) => ({ ...base, verifyUrl: url(n) }), MAX_METADATA_URL_LENGTH],
  ['redirect.native', (n) => ({ ...base, redirect: { native: url(n) } }), MAX_METADATA_URL_LENGTH],
  ['redirect.universal', (n) => ({ ...base, redirect: { universal: url(n) } }), MAX_METADATA_URL_LENGTH],
  ['icons', (n) => ({ ...base, icons: Array.from({ length: n }, () => url(40)) }), MAX_METADATA_ICONS],
  [
    'icons.0',
    (n) => ({ ...base, icons: [`data:image/png;base64,${'A'.repeat(n - 22)}`] }),
    MAX_METADATA_ICON_LENGTH,
  ],
]

describe('peer metadata caps', () => {
  it.each(fields)('%s: accepted at its cap, refused past it', (path, make, cap) => {
    expect(MetadataSchema.safeParse(make(cap)).success).toBe(true)
    const over = MetadataSchema.safeParse(make(cap + 1))
    expect(over.success).toBe(false)
    expect(over.error?.issues[0]).toMatchObject({
      path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: expect.stringContaining(`the limit is ${cap}`),
    })
  })

  it('refuses metadata whose whole JSON passes the byte cap, though every field is within its own', () => {
    const icon = `data:image/png;base64,${'A'.repeat(MAX_METADATA_ICON_LENGTH - 22)}`
    const metadata = { ...base, icons: [icon, icon, icon] }
    const parsed = MetadataSchema.safeParse(metadata)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: [],
        message: expect.stringMatching(/bytes as JSON, the limit is 65536$/),
      }),
    ])
    expect(MAX_METADATA_BYTES).toBe(65_536)
    // Multi-byte characters count as the bytes they take: 32,768 characters of three bytes each.
    const wide = MetadataSchema.safeParse({ ...base, icons: ['€'.repeat(MAX_METADATA_ICON_LENGTH)] })
    expect(wide.error?.issues).toEqual([expect.objectContaining({ path: [] })])
  })

  it('auto-rejects a proposal with oversized metadata, naming the field, and keeps nothing', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { peer, pairingTopic, id } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    let emitted = 0
    wallet.on('session_proposal', () => {
      emitted++
    })
    const icons = Array.from({ length: MAX_METADATA_ICONS + 1 }, () => 'https://dapp.example/icon.png')
    const proposal = {
      relays: [{ protocol: 'irn' }],
      requiredNamespaces: {},
      optionalNamespaces: {},
      proposer: { publicKey: 'ab'.repeat(32), metadata: { ...dappMetadata, icons } },
    }
    await peer.publish(
      pairingTopic,
      { id: id + 1, jsonrpc: '2.0', method: 'wc_sessionPropose', params: proposal },
      1100,
    )
    const answer = await peer.next((message) => message.payload.id === id + 1)
    expect(answer.tag).toBe(1121)
    expect(answer.payload.error).toMatchObject({
      code: 5,
      message: expect.stringContaining('the limit is 8'),
    })
    expect(emitted).toBe(0)
    expect(wallet.proposal.keys).toEqual([id])
  })
})

describe('stored proposal and request caps', () => {
  it('a pairing holds at most MAX_PROPOSALS_PER_PAIRING proposals; the next is declined with 5000', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { peer, pairingTopic, id, keyPair } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    const propose = (proposalId: number) =>
      peer.publish(
        pairingTopic,
        {
          id: proposalId,
          jsonrpc: '2.0',
          method: 'wc_sessionPropose',
          params: {
            relays: [{ protocol: 'irn' }],
            requiredNamespaces: {},
            optionalNamespaces: {},
            proposer: { publicKey: keyPair.publicHex, metadata: dappMetadata },
          },
        },
        1100,
      )
    for (let n = 1; n <= MAX_PROPOSALS_PER_PAIRING; n++) await propose(id + n)
    const refused = await peer.next((message) => message.payload.id === id + MAX_PROPOSALS_PER_PAIRING)
    expect(refused.tag).toBe(1121)
    expect(refused.payload.error).toEqual({
      code: 5000,
      message: `User rejected. Too many pending proposals: the limit is ${MAX_PROPOSALS_PER_PAIRING} per pairing.`,
    })
    expect(wallet.proposal.length).toBe(MAX_PROPOSALS_PER_PAIRING)
    // A redelivery of a proposal the wallet holds is not a new one.
    await propose(id + 1)
    await propose(id + MAX_PROPOSALS_PER_PAIRING + 1)
    expect(
      (await peer.next((message) => message.payload.id === id + MAX_PROPOSALS_PER_PAIRING + 1)).tag,
    ).toBe(1121)
    expect(peer.received.filter((message) => message.payload.id === id + 1)).toEqual([])
  })

  it('a session holds at most MAX_PENDING_REQUESTS_PER_SESSION requests; the next fails with 5000', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const request = () =>
      dapp.request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [] } })
    // Ids are the millisecond and three random digits, as the official client makes them: requests made in
    // the same millisecond may share one, so they are spread out. The relay need not deliver them in the
    // order sent: whichever arrives last is the one refused.
    const sent: Promise<unknown>[] = []
    for (let n = 0; n <= MAX_PENDING_REQUESTS_PER_SESSION; n++) {
      const pending = request()
      pending.catch(() => {})
      sent.push(pending)
      await sleep(2)
    }
    const refused = await new Promise((resolve) => {
      for (const pending of sent) pending.catch(resolve)
    })
    expect(refused).toMatchObject({
      code: 5000,
      message: `User rejected. Too many pending requests: the limit is ${MAX_PENDING_REQUESTS_PER_SESSION} per session.`,
    })
    expect(wallet.pendingRequest.length).toBe(MAX_PENDING_REQUESTS_PER_SESSION)
  })

  it('a session holds at most MAX_PENDING_REQUEST_BYTES_PER_SESSION of requests as stored; the next fails with 5000', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    // Each about 150 KB, as a batch of calls deploying contracts may be, and well within a relay message:
    // three fit under the cap, a fourth would pass it, though fifty requests are allowed by count.
    const data = `0x${'ab'.repeat(75_000)}`
    const request = () =>
      dapp.request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [data] } })
    const sent: Promise<unknown>[] = []
    for (let n = 0; n < 4; n++) {
      const pending = request()
      pending.catch(() => {})
      sent.push(pending)
      await sleep(2)
    }
    const refused = await Promise.race([
      new Promise((resolve) => {
        for (const pending of sent) pending.catch(resolve)
      }),
      sleep(5_000).then(() => 'none refused'),
    ])
    expect(refused).toMatchObject({
      code: 5000,
      message: `User rejected. Too many pending request bytes: the limit is ${MAX_PENDING_REQUEST_BYTES_PER_SESSION} per session.`,
    })
    expect(wallet.pendingRequest.length).toBe(3)
  })

  it('a pairing holds at most MAX_PROPOSALS_PER_PAIRING sign-in requests; the wallet declines the next', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const peer = await RawPeer.open(harness.relay.url)
    peers.push(peer)
    const symKey = randomBytes(32)
    const pairingTopic = peer.addSymKey(symKey)
    await peer.relay.subscribe(pairingTopic)
    const requester = newKeyPair()
    const expiryTimestamp = Math.floor(Date.now() / 1000) + 3600
    const firstId = payloadId()
    for (let n = 0; n <= MAX_PROPOSALS_PER_PAIRING; n++) {
      await peer.publish(pairingTopic, signInRequest(firstId + n, requester.publicHex, expiryTimestamp), 1116)
    }
    await wallet.pair({
      uri: formatPairingUri({
        topic: pairingTopic,
        symKey: bytesToHex(symKey),
        relay: { protocol: 'irn' },
        expiryTimestamp,
      }),
    })
    // Inbound messages are handled in order: once the ping is answered, every sign-in request was.
    await peer.publish(pairingTopic, {
      id: firstId + 100,
      jsonrpc: '2.0',
      method: 'wc_pairingPing',
      params: {},
    })
    await peer.next((message) => message.payload.id === firstId + 100)
    expect(wallet.auth.requests.length).toBe(MAX_PROPOSALS_PER_PAIRING)
    expect(wallet.auth.requests.keys).not.toContain(firstId + MAX_PROPOSALS_PER_PAIRING)
  })

  it('sign-in requests are capped as proposals are, per pairing and in all', async () => {
    const stores = createStores({ storage: new MemoryStorage() })
    await initStores(stores)
    const ctx = { stores } as EngineContext
    const topic = (n: number) => n.toString(16).padStart(64, '0')
    const request = (id: number, pairingTopic: string) => ({
      id,
      pairingTopic,
      requester: { publicKey: topic(0), metadata: dappMetadata },
      authPayload: signInPayload,
      expiryTimestamp: 1,
      verifyContext: { verified: { verifyUrl: '', validation: 'UNKNOWN' as const, origin: '' } },
    })
    for (let n = 0; n < MAX_PROPOSALS_PER_PAIRING; n++) {
      assertRoomForAuthRequest(ctx, topic(1))
      await stores.authRequests.set(String(n), request(n, topic(1)))
    }
    expect(() => assertRoomForAuthRequest(ctx, topic(1))).toThrow(
      `Too many pending sign-in requests: the limit is ${MAX_PROPOSALS_PER_PAIRING} per pairing.`,
    )
    assertRoomForAuthRequest(ctx, topic(2))
    for (let n = MAX_PROPOSALS_PER_PAIRING; n < MAX_PROPOSALS; n++) {
      await stores.authRequests.set(
        String(n),
        request(n, topic(2 + Math.floor(n / MAX_PROPOSALS_PER_PAIRING))),
      )
    }
    expect(() => assertRoomForAuthRequest(ctx, topic(999))).toThrow(
      `Too many pending sign-in requests: the limit is ${MAX_PROPOSALS} in all.`,
    )
  })

  it('proposals and requests are also capped in all, over every pairing and session', async () => {
    const storage = new MemoryStorage()
    const stores = createStores({ storage })
    await initStores(stores)
    // Never started: the entries here stand for what a running engine holds, not for timers.
    const expirer = new Expirer({ storage, storageKey: 'expirer', clock: systemClock, onExpired: () => {} })
    await expirer.init()
    const ctx = { stores, expirer, logger: silentLogger } as EngineContext
    const topic = (n: number) => n.toString(16).padStart(64, '0')
    const proposer = { publicKey: topic(0), metadata: dappMetadata }
    for (let n = 0; n < MAX_PROPOSALS; n++) {
      const pairingTopic = topic(Math.floor(n / MAX_PROPOSALS_PER_PAIRING))
      assertRoomForProposal(ctx, pairingTopic)
      await stores.proposals.set(String(n), {
        id: n,
        pairingTopic,
        expiryTimestamp: 1,
        relays: [],
        proposer,
        requiredNamespaces: {},
        optionalNamespaces: {},
      })
      await expirer.set(idTarget(n), 1)
    }
    expect(() => assertRoomForProposal(ctx, topic(999))).toThrow(
      `Too many pending proposals: the limit is ${MAX_PROPOSALS} in all.`,
    )
    // One held already is dropped before the caps are asked, whichever pairing it claims to come from.
    expect(heldAlready(ctx, topic(999), 0)).toBe(true)
    expect(heldAlready(ctx, topic(999), MAX_PROPOSALS)).toBe(false)

    const verifyContext = { verified: { verifyUrl: '', validation: 'UNKNOWN' as const, origin: '' } }
    const params = { chainId: 'eip155:1', request: { method: 'personal_sign', params: [] } }
    for (let n = 0; n < MAX_PENDING_REQUESTS; n++) {
      const sessionTopic = topic(Math.floor(n / MAX_PENDING_REQUESTS_PER_SESSION))
      assertRoomForRequest(ctx, sessionTopic, params)
      await stores.pendingRequests.set(String(n), { id: n, topic: sessionTopic, params, verifyContext })
    }
    expect(() => assertRoomForRequest(ctx, topic(999), params)).toThrow(
      `Too many pending requests: the limit is ${MAX_PENDING_REQUESTS} in all.`,
    )
  })

  describe('request bytes', () => {
    const topic = (n: number) => n.toString(16).padStart(64, '0')
    const unknownContext = { verified: { verifyUrl: '', validation: 'UNKNOWN' as const, origin: '' } }
    type Params = { chainId: string; request: { method: string; params: string } }
    // Params whose JSON is `bytes` long, or (given `around`) whose entry's JSON is.
    const paramsOf = (bytes: number, around: (params: Params) => unknown = (params) => params): Params => {
      const empty = { chainId: 'eip155:1', request: { method: 'eth_sendTransaction', params: '' } }
      const filler = 'x'.repeat(bytes - JSON.stringify(around(empty)).length)
      return { ...empty, request: { ...empty.request, params: filler } }
    }
    const walletWith = async () => {
      const stores = createStores({ storage: new MemoryStorage() })
      await initStores(stores)
      const ctx = { stores } as EngineContext
      let id = 0
      // Holds a request as onSessionRequest does, after the check; `bytes` is its whole entry's JSON.
      const hold = async (sessionTopic: string, bytes: number, verifyContext = unknownContext) => {
        id++
        const entryOf = (params: Params) => ({ id, topic: sessionTopic, params, verifyContext })
        const entry = entryOf(paramsOf(bytes, entryOf))
        expect(JSON.stringify(entry).length).toBe(bytes)
        assertRoomForRequest(ctx, sessionTopic, entry.params)
        await stores.pendingRequests.set(String(id), entry)
      }
      return { ctx, hold }
    }

    it('are capped per session and in all, a held request counting as its whole stored entry', async () => {
      const { ctx, hold } = await walletWith()
      const share = MAX_PENDING_REQUEST_BYTES_PER_SESSION / 8
      for (let n = 0; n < 7; n++) await hold(topic(1), share)
      // One byte past the cap is refused; exactly at it is not.
      expect(() => assertRoomForRequest(ctx, topic(1), paramsOf(share + 1))).toThrow(
        `Too many pending request bytes: the limit is ${MAX_PENDING_REQUEST_BYTES_PER_SESSION} per session.`,
      )
      assertRoomForRequest(ctx, topic(1), paramsOf(share))
      await hold(topic(1), share)
      expect(() => assertRoomForRequest(ctx, topic(1), paramsOf(100))).toThrow('per session.')
      assertRoomForRequest(ctx, topic(2), paramsOf(share))
      const sessions = MAX_PENDING_REQUEST_BYTES / MAX_PENDING_REQUEST_BYTES_PER_SESSION
      for (let session = 2; session <= sessions; session++) {
        for (let n = 0; n < 8; n++) await hold(topic(session), share)
      }
      expect(() => assertRoomForRequest(ctx, topic(999), paramsOf(100))).toThrow(
        `Too many pending request bytes: the limit is ${MAX_PENDING_REQUEST_BYTES} in all.`,
      )
    })

    it('measure each held request once, not again on every request a peer sends', async () => {
      const { ctx, hold } = await walletWith()
      for (let n = 0; n < 10; n++) await hold(topic(1), 1_000)
      const held = new Set<unknown>(ctx.stores.pendingRequests.getAll())
      const stringify = vi.spyOn(JSON, 'stringify')
      try {
        for (let n = 0; n < 5; n++) assertRoomForRequest(ctx, topic(1), paramsOf(100))
        const measured = stringify.mock.calls.filter(([value]) => held.has(value))
        expect(measured.length).toBeLessThanOrEqual(held.size)
      } finally {
        stringify.mockRestore()
      }
    })

    it("count a held request's verify context: a peer's longest metadata URLs take room as well", async () => {
      const { ctx, hold } = await walletWith()
      // What a dapp naming a url and a verifyUrl of 2,048 characters each has stored with every request.
      const long = `https://app.example/${'a'.repeat(MAX_METADATA_URL_LENGTH - 20)}`
      const verifyContext = { verified: { verifyUrl: long, validation: 'UNKNOWN' as const, origin: long } }
      const share = MAX_PENDING_REQUEST_BYTES_PER_SESSION / 8
      // Seven requests whose params take a share each: the contexts put the session past seven shares.
      for (let n = 0; n < 7; n++) await hold(topic(1), share + 2 * MAX_METADATA_URL_LENGTH, verifyContext)
      expect(() => assertRoomForRequest(ctx, topic(1), paramsOf(share))).toThrow(
        `Too many pending request bytes: the limit is ${MAX_PENDING_REQUEST_BYTES_PER_SESSION} per session.`,
      )
    })
  })
})
