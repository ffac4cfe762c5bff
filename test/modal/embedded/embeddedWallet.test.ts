import { afterEach, describe, expect, it } from 'vitest'
import { mapMemory } from '../../../modal/controllers/memory.js'
import { createEmbeddedWallet, type EmbeddedWallet, frameCacheKeys } from '../../../modal/embedded/index.js'
import { ManualClock } from '../support/clock.js'
import { authUrl, FakeDocument, flush } from './support/fakePage.js'
import { settleReady, walletHarness } from './support/harness.js'
import { samples } from './support/samples.js'

let harness = walletHarness()
let wallet: EmbeddedWallet | undefined
afterEach(() => {
  wallet?.destroy()
  harness.frame.close()
})

function fresh(overrides: Parameters<typeof walletHarness>[0] = {}) {
  harness.frame.close()
  harness = walletHarness(overrides)
  return harness
}

describe('createEmbeddedWallet', () => {
  it('VAL-11 only with a project id and email or at least one social provider', () => {
    const base = {
      authUrl,
      chainId: 1,
      activeChainId: () => 1,
      rpcUrlFor: () => undefined,
      memory: mapMemory(),
      clock: new ManualClock(),
      now: () => 0,
      document: new FakeDocument(),
      onTimeout: () => {},
      onApprovalNeeded: () => {},
      onApprovalSettled: () => {},
      onDisallowed: () => {},
    }
    const make = (
      projectId: string | undefined,
      features: Parameters<typeof createEmbeddedWallet>[0]['features'],
    ) => createEmbeddedWallet({ ...base, projectId, features })
    expect(make('p1', { email: true })).toBeDefined()
    expect(make('p1', { email: false, socials: ['github'] })).toBeDefined()
    expect(make(undefined, { email: true })).toBeUndefined()
    expect(make('', { email: true })).toBeUndefined()
    expect(make('p1', { email: false, socials: [] })).toBeUndefined()
    expect(make('p1', { email: false, socials: false })).toBeUndefined()
    expect(make('p1', undefined)).toBeUndefined()
  })

  it('FRAME-01 with no login recorded, start loads nothing; the first login call creates the frame', async () => {
    const h = fresh()
    wallet = h.make()!
    await expect(wallet.start()).resolves.toEqual({ status: 'disconnected' })
    await wallet.provider.request({ method: 'eth_chainId' }).catch(() => {})
    await wallet.client.isConnected()
    expect(h.page.iframes).toHaveLength(0)
    const sent = wallet.client.connectEmail({ email: 'ada@example.com' })
    expect(h.page.iframes).toHaveLength(1)
    await settleReady(h.clock)
    await expect(sent).resolves.toEqual({ action: 'VERIFY_OTP' })
  })

  it('FRAME-01 FRAME-11 with a login recorded and reconnect on, start loads the frame and takes the session up', async () => {
    const h = fresh()
    h.memory.setItem(frameCacheKeys.emailLoginUsed, 'true')
    wallet = h.make()!
    const started = wallet.start()
    expect(h.page.iframes).toHaveLength(1)
    await settleReady(h.clock)
    await expect(started).resolves.toEqual({ status: 'connected', user: samples.GET_USER.success })
    expect(h.frame.requests.map((r) => r.type)).toEqual(['SYNC_DAPP_DATA', 'IS_CONNECTED', 'GET_USER'])
    expect(h.frame.received('GET_USER')[0]!.payload).toEqual({ chainId: 1 })
    expect(wallet.client.cache.email()).toBe('ada@example.com')
  })

  it('FRAME-11 with reconnect off, a session found at start is signed out', async () => {
    const h = fresh({ enableReconnect: false })
    h.memory.setItem(frameCacheKeys.emailLoginUsed, 'true')
    wallet = h.make()!
    const disconnected: unknown[] = []
    wallet.provider.on('disconnect', (error: never) => disconnected.push(error))
    const started = wallet.start()
    await settleReady(h.clock)
    await expect(started).resolves.toEqual({ status: 'disconnected' })
    expect(h.frame.received('SIGN_OUT')).toHaveLength(1)
    expect(h.frame.received('GET_USER')).toHaveLength(0)
    expect(wallet.client.cache.loginUsed()).toBe(false)
    expect(disconnected).toHaveLength(1)
  })

  it('FRAME-11 a frame without a session at start leaves the account disconnected', async () => {
    const h = fresh()
    h.memory.setItem(frameCacheKeys.emailLoginUsed, 'true')
    h.frame.on('IS_CONNECTED', () => ({ success: { isConnected: false } }))
    wallet = h.make()!
    const started = wallet.start()
    await settleReady(h.clock)
    await expect(started).resolves.toEqual({ status: 'disconnected' })
    expect(h.frame.received('GET_USER')).toHaveLength(0)
    expect(wallet.client.cache.loginUsed()).toBe(false)
  })

  it('destroy takes the frame off the page', async () => {
    const h = fresh()
    wallet = h.make()!
    const sent = wallet.client
      .connectEmail({ email: 'ada@example.com' })
      .catch((error: Error) => error.message)
    await flush()
    wallet.destroy()
    await expect(sent).resolves.toBe('Something went wrong')
    expect(h.page.iframe!.removed).toBe(true)
  })
})
