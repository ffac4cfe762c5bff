import { afterEach, describe, expect, it, vi } from 'vitest'
import { emailThrottleMs, signOutWaitMs } from '../../../engine/frame/index.js'
import { type EmbeddedWallet, frameCacheKeys, frameCachePrefix } from '../../../modal/embedded/index.js'
import { flush } from './support/fakePage.js'
import { settleReady, walletHarness } from './support/harness.js'
import { testAddress } from './support/samples.js'

let harness = walletHarness()
let wallet: EmbeddedWallet | undefined
afterEach(() => {
  wallet?.destroy()
  harness.frame.close()
})

function setup() {
  harness.frame.close()
  harness = walletHarness()
  wallet = harness.make()!
  return { ...harness, wallet, client: wallet.client }
}

/** Logs in by email and code, the frame answering as the auth service would. */
async function login(h: ReturnType<typeof setup>) {
  const sent = h.client.connectEmail({ email: 'ada@example.com' })
  await settleReady(h.clock)
  await sent
  await h.client.connectOtp()
}

describe('email login', () => {
  it('EMAIL-01 an invalid email is refused with the schema message before any frame request', async () => {
    const h = setup()
    await expect(h.client.connectEmail({ email: 'not-an-email' })).rejects.toThrow(/^Invalid email$/)
    await expect(h.client.updateEmail({ email: 'also@bad' })).rejects.toThrow(/^Invalid email$/)
    await flush()
    expect(h.page.iframes).toHaveLength(0)
    expect(h.frame.requests).toHaveLength(0)
    expect(h.memory.getItem(frameCacheKeys.lastEmailLoginTime)).toBeNull()
  })

  it('EMAIL-10 within 30 s of the last send nothing is sent and n is the whole seconds left', async () => {
    const h = setup()
    await login(h)
    expect(h.frame.received('CONNECT_EMAIL')).toHaveLength(1)
    h.clock.advance(100)
    await expect(h.client.connectEmail({ email: 'ada@example.com' })).rejects.toThrow(
      /^Please try again after 30 seconds$/,
    )
    h.clock.advance(emailThrottleMs - 100 - 1_000)
    await expect(h.client.connectEmail({ email: 'ada@example.com' })).rejects.toThrow(
      /^Please try again after 1 seconds$/,
    )
    await flush()
    expect(h.frame.received('CONNECT_EMAIL')).toHaveLength(1)
    h.clock.advance(1_000)
    await expect(h.client.connectEmail({ email: 'ada@example.com' })).resolves.toEqual({
      action: 'VERIFY_OTP',
    })
    expect(h.frame.received('CONNECT_EMAIL')).toHaveLength(2)
  })

  it('EMAIL-10 the throttle holds across a sign-out', async () => {
    const h = setup()
    await login(h)
    await h.client.signOut()
    await expect(h.client.connectEmail({ email: 'ada@example.com' })).rejects.toThrow(
      /Please try again after/,
    )
  })

  it('records the login in the @appkit-wallet/ cache once the code is accepted', async () => {
    const h = setup()
    const sent = h.client.connectEmail({ email: 'ada@example.com' })
    await settleReady(h.clock)
    await sent
    expect(h.client.cache.loginUsed()).toBe(false)
    await h.client.connectOtp()
    expect(frameCachePrefix).toBe('@appkit-wallet/')
    expect(h.memory.getItem('@appkit-wallet/EMAIL_LOGIN_USED_KEY')).toBe('true')
    expect(h.memory.getItem('@appkit-wallet/EMAIL')).toBe('ada@example.com')
    await h.client.getUser()
    expect(h.memory.getItem('@appkit-wallet/LAST_USED_CHAIN_KEY')).toBe('1')
    await h.client.setPreferredAccount('smartAccount')
    expect(h.memory.getItem('@appkit-wallet/PREFERRED_ACCOUNT_TYPE')).toBe('smartAccount')
  })

  it('a refused try with another email leaves the accepted email as the one the code logs in', async () => {
    const h = setup()
    const sent = h.client.connectEmail({ email: 'ada@example.com' })
    await settleReady(h.clock)
    await sent
    h.clock.advance(emailThrottleMs)
    h.frame.on('CONNECT_EMAIL', () => ({ error: { message: 'Please try again after 12 seconds' } }))
    await expect(h.client.connectEmail({ email: 'eve@example.com' })).rejects.toThrow(/Please try again/)
    await h.client.connectOtp()
    expect(h.client.cache.email()).toBe('ada@example.com')
  })

  it('the email change stores the new email', async () => {
    const h = setup()
    await login(h)
    await expect(h.client.updateEmail({ email: 'new@example.com' })).resolves.toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await h.client.updateEmailPrimaryOtp()
    await expect(h.client.updateEmailSecondaryOtp()).resolves.toEqual({ newEmail: 'new@example.com' })
    expect(h.client.cache.email()).toBe('new@example.com')
  })
})

describe('cache', () => {
  it('eth_chainId is answered from the cache without asking the frame', async () => {
    const h = setup()
    await login(h)
    await h.client.switchNetwork(10)
    const before = h.frame.requests.length
    await expect(h.client.rpcRequest({ method: 'eth_chainId', chainId: 10 })).resolves.toBe('0xa')
    await flush()
    expect(h.frame.requests).toHaveLength(before)
  })

  it('eth_chainId is not answered from a last used chain that is not the chain asked about (another tab of the origin wrote it)', async () => {
    const h = setup()
    await login(h)
    await h.client.getUser()
    // Another tab of the app shares this storage: its own frame switched to Optimism; this one stays on chain 1.
    h.memory.setItem(frameCacheKeys.lastUsedChain, '10')
    h.frame.on('RPC_REQUEST', () => ({ success: '0x1' }))
    await expect(h.client.rpcRequest({ method: 'eth_chainId', chainId: 1 })).resolves.toBe('0x1')
    expect(h.frame.received('RPC_REQUEST').map((request) => request.payload)).toMatchObject([
      { method: 'eth_chainId', chainId: 1 },
    ])
  })

  it('a cached email that is not an email (a script of the origin wrote it) is not taken as the login email', async () => {
    const h = setup()
    for (const forged of ['Your wallet is locked, call +1 555 0100', `${'a'.repeat(300)}@example.com`]) {
      h.memory.setItem(frameCacheKeys.email, forged)
      expect(h.client.cache.email(), forged).toBeUndefined()
    }
    h.memory.setItem(frameCacheKeys.email, 'ada@example.com')
    expect(h.client.cache.email()).toBe('ada@example.com')
  })
})

describe('sign out', () => {
  it('FRAME-09 clears the cached login first and tells listeners, then asks the frame', async () => {
    const h = setup()
    await login(h)
    await h.client.getUser()
    const seen: Array<string | null> = []
    h.client.onSignedOut(() => {
      seen.push(h.memory.getItem(frameCacheKeys.emailLoginUsed))
      seen.push(String(h.frame.received('SIGN_OUT').length))
    })
    await h.client.signOut()
    expect(seen).toEqual([null, '0'])
    expect(h.frame.received('SIGN_OUT')).toHaveLength(1)
    for (const key of ['emailLoginUsed', 'email', 'lastUsedChain', 'preferredAccountType'] as const)
      expect(h.memory.getItem(frameCacheKeys[key]), key).toBeNull()
  })

  it('FRAME-10 settles within 3000 ms when the frame never answers', async () => {
    const h = setup()
    await login(h)
    h.frame.on('SIGN_OUT', () => 'silent')
    let settled = false
    const out = h.client.signOut().then(() => {
      settled = true
    })
    await h.frame.next('SIGN_OUT')
    h.clock.advance(signOutWaitMs - 1)
    await flush()
    expect(settled).toBe(false)
    h.clock.advance(1)
    await out
    expect(settled).toBe(true)
  })

  it('a SIGNED_OUT notice from the frame clears the cache and reaches the listeners', async () => {
    const h = setup()
    await login(h)
    const heard = vi.fn()
    h.client.onSignedOut(heard)
    h.frame.post({ v: 1, type: 'SIGNED_OUT', payload: {} })
    await vi.waitFor(() => expect(heard).toHaveBeenCalledOnce(), { interval: 1 })
    expect(h.client.cache.loginUsed()).toBe(false)
  })
})

describe('dapp data and theme', () => {
  it('FRAME-12 ENT-16 CONST-11 dapp data goes once when the frame starts, with sdkVersion and sdkType', async () => {
    const h = setup()
    await login(h)
    const synced = h.frame.received('SYNC_DAPP_DATA')
    expect(synced).toHaveLength(1)
    expect(synced[0]!.payload).toEqual({
      metadata: { name: 'Demo', description: 'A demo', url: 'http://127.0.0.1:5173', icons: [] },
      sdkVersion: '1.7.13',
      sdkType: 'pairwise',
      projectId: 'p1',
    })
    // It went out before the request that had been waiting for the frame.
    expect(h.frame.requests[0]!.type).toBe('SYNC_DAPP_DATA')
  })

  it('FRAME-12 every theme change goes to the frame with sync theme', async () => {
    const h = setup()
    await login(h)
    await h.client.syncTheme({ themeMode: 'dark', themeVariables: { '--w3m-accent': '#f00' } })
    await h.client.syncTheme({ themeMode: 'light' })
    expect(h.frame.received('SYNC_THEME').map((r) => r.payload)).toEqual([
      { themeMode: 'dark', themeVariables: { '--w3m-accent': '#f00' } },
      { themeMode: 'light' },
    ])
  })

  it('FRAME-12 a theme set before the frame exists goes when it starts, without creating it', async () => {
    const h = setup()
    await h.client.syncTheme({ themeMode: 'dark' })
    expect(h.page.iframes).toHaveLength(0)
    await login(h)
    expect(h.frame.received('SYNC_THEME').map((r) => r.payload)).toEqual([{ themeMode: 'dark' }])
  })

  it('ENT-16 a theme mode other than light or dark is refused', async () => {
    const h = setup()
    await login(h)
    await expect(h.client.syncTheme({ themeMode: 'system' } as never)).rejects.toThrow(/light|dark/)
    await flush()
    expect(h.frame.received('SYNC_THEME')).toHaveLength(0)
  })
})

describe('the rest of the API', () => {
  it('answers each call with the frame payload', async () => {
    const h = setup()
    await login(h)
    await expect(h.client.isConnected()).resolves.toBe(true)
    await expect(h.client.getChainId()).resolves.toBe(1)
    await expect(h.client.getSmartAccountEnabledNetworks()).resolves.toEqual({
      smartAccountEnabledNetworks: [1, 10],
    })
    await expect(h.client.setPreferredAccount('smartAccount')).resolves.toEqual({
      type: 'smartAccount',
      address: testAddress,
    })
    await expect(h.client.connectDevice()).resolves.toEqual({})
    await expect(h.client.reload()).resolves.toEqual({})
  })
})
