import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { socialResultParam } from '../../../engine/frame/index.js'
import { createDeviceKeys, type DeviceKeys } from '../../../services/auth/protocol/index.js'
import { AuthClient, AuthRefusal } from '../../../services/frame/app/authClient.js'
import { FrameFailure } from '../../../services/frame/app/frameServer.js'
import { FrameSession } from '../../../services/frame/app/session.js'
import { createWallet, DeviceVault } from '../../../services/frame/custody/index.js'
import type { LocalIdp } from '../../../services/idp/localIdp.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, hostOrigin, projectId } from '../auth/authHarness.js'
import { deliver, followToCallback, socialHarness } from '../auth/social/socialFlow.js'
import { MapStore, testFrameHandlers, unreachableChain } from './support/frameFixtures.js'

const [sqlite] = eachDatabase()
const ticketPattern = /"resultUri":"([A-Za-z0-9_-]{43})"/

describe("the frame's social login against the auth service and the local providers", () => {
  let h: AuthHarness
  let idp: LocalIdp
  beforeAll(async () => {
    if (!sqlite) throw new Error('no database')
    ;({ h, idp } = await socialHarness(await sqlite.open()))
    // The frame's client asks its own origin by path: here that origin is the harness's auth service.
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      realFetch(typeof input === 'string' && input.startsWith('/') ? `${h.auth.url}${input}` : input, init),
    )
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await h.auth.close()
    await idp.close()
  })

  const clientOf = (keys: DeviceKeys) =>
    new AuthClient(
      { projectId, hostOrigin },
      async () => keys,
      async () => undefined,
    )

  it('SOC-03 get social redirect URI: the frame starts the login for its device key and host, the provider calls back with a ticket, and only that device redeems it', async () => {
    const keys = await createDeviceKeys()
    const client = clientOf(keys)
    const { uri } = await client.startSocial('github')
    const authorize = new URL(uri)
    expect(authorize.origin).toBe(idp.url)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    const page = await (await deliver(await followToCallback(uri, h.auth.url))).text()
    const ticket = ticketPattern.exec(page)?.[1] ?? ''
    // Posted to the opener at the recorded host origin only; no return path, so no redirect either.
    expect(page).toContain(
      `window.opener.postMessage({"type":"PAIRWISE_SOCIAL_RESULT","resultUri":"${ticket}"}, "${hostOrigin}")`,
    )
    expect(page).toContain('var back = null;')

    const other = clientOf(await createDeviceKeys())
    const refused = await other.redeemSocial(ticket).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AuthRefusal)
    const login = await client.redeemSocial(ticket)
    expect(login.user).toMatchObject({ provider: 'github', email: 'ada@github.test', name: 'Ada GitHub' })
    await expect(client.redeemSocial(ticket)).rejects.toBeInstanceOf(AuthRefusal)
  })

  it('SOC-04 a redirect-mode login returns to the host page it named, the ticket in pw_result; a path off the host origin is refused', async () => {
    const client = clientOf(await createDeviceKeys())
    const { uri } = await client.startSocial('x', '/embedded/?tab=1')
    const page = await (await deliver(await followToCallback(uri, h.auth.url))).text()
    const ticket = ticketPattern.exec(page)?.[1] ?? ''
    expect(page).toContain(
      `var back = "${hostOrigin}/embedded/?tab=1&${socialResultParam}=${ticket}"; if (window.opener)`,
    )
    for (const returnPath of ['//evil.test/', 'https://evil.test/', '/\\evil.test'])
      await expect(client.startSocial('x', returnPath)).rejects.toMatchObject({ status: 400 })
  })
})

describe("the frame's connect social", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** A session whose auth service redeems one ticket into a user of the wallet this device holds a share of. */
  async function socialSession(user: { email: string | null; name: string | null }) {
    const wallet = await createWallet()
    const vault = new DeviceVault(new MapStore())
    await vault.saveDeviceShare({
      walletId: wallet.walletId,
      version: 1,
      address: wallet.address,
      share: wallet.shares.device,
    })
    const redeemed: string[] = []
    const auth = {
      redeemSocial: async (ticket: string) => {
        redeemed.push(ticket)
        if (ticket !== 'T'.repeat(43))
          throw new AuthRefusal(401, 'TICKET_INVALID', 'This login link is no longer valid')
        return {
          session: { token: 's'.repeat(43), expiresAt: Date.now() + 60_000 },
          user: { id: crypto.randomUUID(), provider: 'x', ...user },
          wallet: { walletId: wallet.walletId, address: wallet.address, version: 1 },
        }
      },
    } as unknown as AuthClient
    const session = new FrameSession(auth, vault, () => vault.deviceKeys())
    const frame = testFrameHandlers(session, { hostOrigin, projectId })
    return { session, frame, wallet, redeemed, vault }
  }

  it('SOC-04 connect social redeems the returned ticket, keeps the session in the frame, and signs in the user with the provider’s name and no email it does not have', async () => {
    const { session, frame, wallet, redeemed, vault } = await socialSession({ email: null, name: 'Ada X' })
    // The wallet this device holds a share of opens without a screen (a first login would ask a passphrase).
    expect(await session.connectSocial(new AbortController().signal, 'T'.repeat(43))).toEqual({
      userName: 'Ada X',
    })
    expect(session.user).toEqual({
      email: undefined,
      address: wallet.address,
      walletId: wallet.walletId,
      version: 1,
    })
    expect(redeemed).toEqual(['T'.repeat(43)])
    expect((await vault.session())?.token).toBe('s'.repeat(43))
    expect(await frame.IS_CONNECTED({})).toEqual({ isConnected: true })
    // The user the host gets has no email field at all, rather than an empty one.
    expect(await frame.GET_USER({})).toEqual({
      address: wallet.address,
      chainId: unreachableChain.chainId,
      accounts: [{ address: wallet.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
    })
  })

  it('connect social refuses what is not a ticket before asking anyone, and a refused ticket as unauthorized', async () => {
    const { session, frame, redeemed } = await socialSession({ email: 'ada@gmail.test', name: null })
    await expect(frame.CONNECT_SOCIAL({ uri: 'https://evil.test/?code=1' })).rejects.toMatchObject({
      code: -32602,
    })
    expect(redeemed).toEqual([])
    const refused = await session
      .connectSocial(new AbortController().signal, 'U'.repeat(43))
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(FrameFailure)
    expect(refused).toMatchObject({ code: 4100, message: 'This login link is no longer valid' })
    expect(session.user).toBeUndefined()
  })
})
