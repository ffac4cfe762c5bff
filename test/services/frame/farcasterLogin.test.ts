import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import { ProjectStore } from '../../../services/api/projects/index.js'
import { createDeviceKeys, type DeviceKeys } from '../../../services/auth/protocol/index.js'
import { registerFarcasterAccount } from '../../../services/chain/farcasterRegistries.js'
import {
  approveChannel,
  type RunningFarcasterRelay,
  startFarcasterRelay,
} from '../../../services/farcasterRelay/index.js'
import { AuthClient } from '../../../services/frame/app/authClient.js'
import { FrameSession } from '../../../services/frame/app/session.js'
import { createWallet, DeviceVault } from '../../../services/frame/custody/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, authHarness, hostOrigin, projectId } from '../auth/authHarness.js'
import { MapStore, testFrameHandlers } from './support/frameFixtures.js'

const [sqlite] = eachDatabase()
const relayKey = 'local-relay-key-0123456789'
const custody = privateKeyToAccount(generatePrivateKey())
const fid = 77n

describe("the frame's Farcaster login against the auth service, a relay and the registries on Anvil", () => {
  let chain: ChainFixture
  let relay: RunningFarcasterRelay
  let h: AuthHarness
  beforeAll(async () => {
    if (!sqlite) throw new Error('no database')
    chain = await startChainFixture()
    await registerFarcasterAccount(chain.rpcUrl, { fid, custody: custody.address })
    const db = await sqlite.open()
    relay = await startFarcasterRelay({ port: 0, db, relayKey, logger: silentLogger })
    h = await authHarness(
      db,
      {},
      {
        farcaster: {
          domain: 'wallet.pairwise.test',
          siweUri: 'https://wallet.pairwise.test/',
          relayUrl: relay.url,
          optimismRpcUrl: chain.rpcUrl,
        },
      },
    )
    // The frame signs its requests at the real time: the service's clock is set to it (proofs allow ±60 s).
    h.clock.now = Date.now()
    await new ProjectStore(db).update(projectId, { features: { socials: ['farcaster'] } })
    // The frame's client asks its own origin by path: here that origin is the harness's auth service.
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      realFetch(typeof input === 'string' && input.startsWith('/') ? `${h.auth.url}${input}` : input, init),
    )
  }, 60_000)
  afterAll(async () => {
    vi.unstubAllGlobals()
    await h?.auth.close()
    await relay?.close()
    await chain?.stop()
  })

  /** A frame whose device already holds a share of the fid's wallet, so opening it needs no screen. */
  async function farcasterFrame(keys: DeviceKeys, wallet?: Awaited<ReturnType<typeof createWallet>>) {
    const vault = new DeviceVault(new MapStore())
    const client = new AuthClient(
      { projectId, hostOrigin },
      async () => keys,
      async () => (await vault.session())?.token,
    )
    // The fid's wallet exists already (made by an earlier login elsewhere): this device holds its share.
    const auth = {
      startFarcaster: () => client.startFarcaster(),
      connectFarcaster: async (token: string) => {
        const answer = await client.connectFarcaster(token)
        if (answer.state !== 'completed' || !wallet) return answer
        return { ...answer, wallet: { walletId: wallet.walletId, address: wallet.address, version: 1 } }
      },
    } as unknown as AuthClient
    if (wallet)
      await vault.saveDeviceShare({
        walletId: wallet.walletId,
        version: 1,
        address: wallet.address,
        share: wallet.shares.device,
      })
    const session = new FrameSession(auth, vault, async () => keys, 20)
    const frame = testFrameHandlers(session, { hostOrigin, projectId })
    return { frame, session, vault }
  }

  it('Farcaster login, server side: get farcaster URI opens a relay channel for this device; connect farcaster waits for the app, then signs the fid in', async () => {
    const wallet = await createWallet()
    const { frame, session, vault } = await farcasterFrame(await createDeviceKeys(), wallet)
    const { url } = await frame.GET_FARCASTER_URI({})
    expect(url).toMatch(/^farcaster:\/\/connect\?channelToken=[A-Za-z0-9_-]{43}&nonce=[0-9a-f]{32}&/)
    // Connect waits while nobody approved: the app approves a little later, and the wait ends with the login.
    const connected = session.connectFarcaster(new AbortController().signal)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(session.user).toBeUndefined()
    expect(
      (await approveChannel({ relayUrl: relay.url, relayKey, url, signer: custody, fid, username: 'ada' }))
        .status,
    ).toBe(201)
    expect(await connected).toEqual({ userName: 'ada' })
    expect(session.user?.address).toBe(wallet.address)
    expect((await vault.session())?.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await frame.IS_CONNECTED({})).toEqual({ isConnected: true })
  })

  it('Farcaster login, server side: a signer that is not the fid’s ends connect farcaster as unauthorized, and nothing is signed in', async () => {
    const { frame, session } = await farcasterFrame(await createDeviceKeys())
    const { url } = await frame.GET_FARCASTER_URI({})
    const stranger = privateKeyToAccount(generatePrivateKey())
    await approveChannel({ relayUrl: relay.url, relayKey, url, signer: stranger, fid })
    await expect(session.connectFarcaster(new AbortController().signal)).rejects.toMatchObject({
      code: 4100,
      message: expect.stringContaining('is not an auth address or the custody address of fid 77'),
    })
    expect(session.user).toBeUndefined()
    // The login is over: connecting again asks for a new URI first.
    await expect(session.connectFarcaster(new AbortController().signal)).rejects.toMatchObject({
      code: -32602,
    })
  })
})
