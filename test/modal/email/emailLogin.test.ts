import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { switchNetwork } from '../../../modal/controllers/network.js'
import {
  awaitCode,
  awaitDeviceApproval,
  confirmCurrentEmail,
  confirmNewEmail,
  loginWithEmail,
  startEmailChange,
} from '../../../modal/email/emailFlow.js'
import { emailLogin } from '../../../modal/email/index.js'
import { authConnectorId } from '../../../modal/embedded/authConnector.js'
import { embeddedWalletChains } from '../../../modal/embedded/supportedChains.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { errorMessage } from '../../../modal/ui/components/errorMessage.js'
import { StorageUnavailableError } from '../../../services/frame/custody/errors.js'
import { flush } from '../embedded/support/fakePage.js'
import { testAddress } from '../embedded/support/samples.js'
import { ManualClock } from '../support/clock.js'
import { anvilPair, evmNetwork, unreachableRpcUrl, until } from '../support/kit.js'
import { emailKit, eventually, loggedInRpc } from './support.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork
let optimism: CaipNetwork
beforeAll(async () => {
  const rpcUrl = await unreachableRpcUrl()
  ;[anvil, anvil2] = anvilPair(rpcUrl)
  optimism = evmNetwork(10, rpcUrl)
})

const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A kit whose frame answers CONNECT_EMAIL with `action` and serves a logged-in account on 31337. */
function loginKit(action: 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT') {
  const setup = emailKit([anvil, anvil2, optimism])
  kits.push(setup.kit)
  let chainId = 31337
  setup.frame.on('CONNECT_EMAIL', () => ({ success: { action } }))
  setup.frame.on(
    'RPC_REQUEST',
    loggedInRpc(() => chainId),
  )
  setup.frame.on('SWITCH_NETWORK', (request) => {
    chainId = Number((request.payload as { chainId: number }).chainId)
    return { success: { chainId } }
  })
  return setup
}

describe('email login through the secure frame', () => {
  it('EMAIL-03 VERIFY_OTP asks for the code (typed in the frame), and connect otp completes the login on Account', async () => {
    const { kit, frame } = loginKit('VERIFY_OTP')
    await kit.open()
    await loginWithEmail(kit.context, 'ada@example.com')
    expect(kit.store.get().router).toMatchObject({
      view: 'EmailVerifyOtp',
      data: { email: 'ada@example.com' },
    })
    expect(frame.received('CONNECT_OTP')).toHaveLength(0)
    await awaitCode(kit.context)
    // The host passes no code: the frame takes it in its own document.
    expect(frame.received('CONNECT_OTP').map((r) => r.payload)).toEqual([{}])
    expect(kit.getAddress()).toBe(testAddress)
    expect(kit.store.get().connections.eip155?.connections[0]?.connectorId).toBe(authConnectorId)
    expect(kit.store.get().open).toBe(false)
  })

  it('EMAIL-02 VERIFY_DEVICE asks to approve the device, waits on connect device, then asks for the code', async () => {
    const { kit, frame } = loginKit('VERIFY_DEVICE')
    let approve: (() => void) | undefined
    frame.on('CONNECT_DEVICE', (request) => {
      approve = () => frame.reply(request.id, 'CONNECT_DEVICE_SUCCESS', {})
      return 'silent'
    })
    await kit.open()
    await loginWithEmail(kit.context, 'ada@example.com')
    expect(kit.store.get().router.view).toBe('EmailVerifyDevice')
    const waiting = awaitDeviceApproval(kit.context, 'ada@example.com')
    await eventually(() => expect(approve).toBeDefined())
    expect(kit.store.get().router.view).toBe('EmailVerifyDevice')
    approve?.()
    await waiting
    expect(kit.store.get().router).toMatchObject({
      view: 'EmailVerifyOtp',
      data: { email: 'ada@example.com' },
    })
  })

  it('EMAIL-04 CONNECT completes the login without a code', async () => {
    const { kit, frame } = loginKit('CONNECT')
    await kit.open()
    await loginWithEmail(kit.context, 'ada@example.com')
    expect(frame.received('CONNECT_OTP')).toHaveLength(0)
    expect(kit.getAddress()).toBe(testAddress)
  })

  it('EMAIL-06 EMAIL-07 EMAIL-08 the new email is checked, the current and then the new email confirm, and Account shows it', async () => {
    const { kit, frame } = loginKit('CONNECT')
    frame.on('UPDATE_EMAIL_SECONDARY_OTP', () => ({ success: { newEmail: 'new@example.com' } }))
    await loginWithEmail(kit.context, 'ada@example.com')
    await expect(startEmailChange(kit.context, 'ada@example.com', 'not an email')).rejects.toThrow(
      'Invalid email',
    )
    expect(frame.received('UPDATE_EMAIL')).toHaveLength(0)

    frame.on('UPDATE_EMAIL', () => ({ success: { action: 'VERIFY_PRIMARY_OTP' } }))
    await startEmailChange(kit.context, 'ada@example.com', 'new@example.com')
    expect(kit.store.get().router.view).toBe('UpdateEmailPrimaryOtp')
    await confirmCurrentEmail(kit.context, { email: 'ada@example.com', newEmail: 'new@example.com' })
    expect(kit.store.get().router.view).toBe('UpdateEmailSecondaryOtp')
    await confirmNewEmail(kit.context)
    expect(kit.store.get().router.view).toBe('Account')
    const wallet = await kit.context.embedded?.()
    expect(wallet?.client.cache.email()).toBe('new@example.com')

    frame.on('UPDATE_EMAIL', () => ({ success: { action: 'VERIFY_SECONDARY_OTP' } }))
    await startEmailChange(kit.context, 'new@example.com', 'newer@example.com')
    expect(kit.store.get().router.view).toBe('UpdateEmailSecondaryOtp')
  })

  it("ERR-16 a domain the frame reports as unverified ('Unauthorized: origin not allowed') shows Invalid App Configuration", async () => {
    const { kit, frame } = loginKit('VERIFY_OTP')
    frame.on('CONNECT_EMAIL', () => ({ error: { code: 4100, message: 'Unauthorized: origin not allowed' } }))
    await expect(loginWithEmail(kit.context, 'ada@example.com')).rejects.toThrow(
      'Unauthorized: origin not allowed',
    )
    expect(kit.store.get().alerts.map((a) => a.message)).toEqual(['Invalid App Configuration'])
  })

  it('a refused email try does not restart the 30 s resend wait: the server says its own wait, and the next try reaches it', async () => {
    const { kit, frame } = loginKit('VERIFY_OTP')
    frame.on('CONNECT_EMAIL', () => ({
      error: { code: -32603, message: 'Please try again after 12 seconds' },
    }))
    await expect(loginWithEmail(kit.context, 'ada@example.com')).rejects.toThrow(
      /^Please try again after 12 seconds$/,
    )
    frame.on('CONNECT_EMAIL', () => ({ success: { action: 'VERIFY_OTP' } }))
    await loginWithEmail(kit.context, 'ada@example.com')
    expect(frame.received('CONNECT_EMAIL')).toHaveLength(2)
    expect(kit.store.get().router.view).toBe('EmailVerifyOtp')
    // Accepted, the 30 s wait starts: the next try stays on this page.
    await expect(loginWithEmail(kit.context, 'ada@example.com')).rejects.toThrow(
      /^Please try again after (30|29) seconds$/,
    )
    expect(frame.received('CONNECT_EMAIL')).toHaveLength(2)
  })

  it('OPEN-18 CHAIN-07 switching the email wallet to a supported chain shows SwitchNetwork first; confirmed, the frame switches and the account follows', async () => {
    const { kit, frame } = loginKit('CONNECT')
    await loginWithEmail(kit.context, 'ada@example.com')
    await kit.switchNetwork(optimism)
    expect(kit.store.get()).toMatchObject({
      open: true,
      router: { view: 'SwitchNetwork', data: { network: optimism } },
    })
    expect(frame.received('SWITCH_NETWORK')).toHaveLength(0)
    expect(kit.getCaipNetwork()?.id).toBe(31337)

    await switchNetwork(kit.context, optimism, { confirmed: true })
    expect(frame.received('SWITCH_NETWORK').map((r) => r.payload)).toMatchObject([{ chainId: 10 }])
    await until(kit, (s) => s.activeNetwork?.id === 10)
    const wallet = await kit.context.embedded?.()
    expect(await wallet?.client.getUser({ chainId: 10 })).toMatchObject({ address: testAddress })

    // A chain off the embedded wallet's list is asked of the frame directly (which refuses chains it lacks).
    await kit.switchNetwork(anvil2)
    expect(frame.received('SWITCH_NETWORK').map((r) => r.payload)).toMatchObject([
      { chainId: 10 },
      { chainId: 31338 },
    ])
  })

  it('OPEN-14 an unsafe request through the email wallet opens ApproveTransaction; it closes when the frame answers', async () => {
    const { kit, frame } = loginKit('CONNECT')
    await loginWithEmail(kit.context, 'ada@example.com')
    let answer: (() => void) | undefined
    frame.on('RPC_REQUEST', (request) => {
      const { method } = request.payload as { method: string }
      if (method !== 'personal_sign') return loggedInRpc(() => 31337)(request)
      answer = () => frame.reply(request.id, 'RPC_REQUEST_SUCCESS', '0xsigned')
      return 'silent'
    })
    const signing = kit.getProvider()?.request({ method: 'personal_sign', params: ['0x68', testAddress] })
    await eventually(() => expect(answer).toBeDefined())
    expect(kit.store.get()).toMatchObject({
      open: true,
      router: { view: 'ApproveTransaction', data: { method: 'personal_sign' } },
    })
    answer?.()
    await expect(signing).resolves.toBe('0xsigned')
    expect(kit.store.get().open).toBe(false)
  })
})

describe('the frame as the modal shows its failures', () => {
  it('ERR-18 ERR-19 the load timeout shows the Network Error alert and a request timeout the Request Timed Out alert', async () => {
    const clock = new ManualClock()
    const { kit, page, frame } = emailKit([anvil], { clock })
    kits.push(kit)
    page.autoLoad = false
    const sending = loginWithEmail(kit.context, 'ada@example.com').catch((error: Error) => error)
    await eventually(() => expect(page.iframe).toBeDefined())
    clock.advance(20_000)
    expect((await sending) as Error).toBeInstanceOf(Error)
    expect(kit.store.get().alerts.map((a) => a.message)).toContain(
      'Network Error - Could not load embedded wallet',
    )

    page.iframe?.load()
    frame.on('CONNECT_EMAIL', () => 'silent')
    await eventually(() => expect(frame.port).toBeDefined())
    await flush()
    clock.advance(500)
    // The first attempt failed, so it started no 30 s wait: this one reaches the frame at once.
    const waiting = loginWithEmail(kit.context, 'ada@example.com').catch((error: Error) => error)
    await eventually(() => expect(frame.received('CONNECT_EMAIL').length).toBeGreaterThan(0))
    clock.advance(120_000)
    await waiting
    expect(kit.store.get().alerts.map((a) => a.message)).toContain('Embedded Wallet Request Timed Out')
  })

  it("a frame that cannot use its storage says so under the email field, not 'Something went wrong'", async () => {
    const { kit, frame } = emailKit([anvil])
    kits.push(kit)
    const blocked = new StorageUnavailableError().message
    frame.on('CONNECT_EMAIL', () => ({ error: { code: -32603, message: blocked } }))
    const failure = await loginWithEmail(kit.context, 'ada@example.com').catch((error: unknown) => error)
    // EmailForm shows errorMessage(failure) in its role="alert" line.
    expect(errorMessage(failure, createTranslator())).toBe(blocked)
    expect(blocked).toMatch(/^This browser blocks the login frame's storage\. .*allow third-party cookies/)
  })

  it("ERR-28 when the email login code cannot load, the login rejects with 'Unable to load email login dependency'", async () => {
    vi.resetModules()
    vi.doMock('../../../modal/email/modalWallet.js', () => {
      throw new Error('chunk failed to load')
    })
    try {
      const { emailKit: freshKit } = await import('./support.js')
      const { loginWithEmail: freshLogin } = await import('../../../modal/email/emailFlow.js')
      const { kit } = freshKit([anvil])
      kits.push(kit)
      await expect(freshLogin(kit.context, 'ada@example.com')).rejects.toThrow(
        'Unable to load email login dependency',
      )
    } finally {
      vi.doUnmock('../../../modal/email/modalWallet.js')
      vi.resetModules()
    }
  })

  it('VAL-11 with email and socials off (or no project id) the modal has no embedded wallet and no auth connector', async () => {
    const { createKit } = await import('../support/kit.js')
    const off = createKit({
      options: {
        networks: [anvil],
        projectId: 'p1',
        embeddedWallet: emailLogin({ authUrl: 'http://127.0.0.1:8789' }),
        features: { email: false, socials: false },
      },
      environment: { document: {} as Document },
    })
    kits.push(off)
    await expect(off.context.embedded?.()).rejects.toThrow('Email login is not enabled for this app.')
    const noProject = createKit({
      options: {
        networks: [anvil],
        embeddedWallet: emailLogin({ authUrl: 'http://127.0.0.1:8789' }),
        features: { email: true },
      },
      environment: { document: {} as Document },
    })
    kits.push(noProject)
    expect(noProject.context.embedded).toBeUndefined()
    expect(noProject.store.get().connectors.some((c) => c.type === 'AUTH')).toBe(false)
  })
})

describe('the embedded wallet constants', () => {
  it('CONST-26 the embedded wallet is offered on a fixed list: Ethereum, Optimism, Arbitrum, Polygon, Base, BSC, Avalanche, three Solana networks, and the chosen additions', () => {
    expect(embeddedWalletChains).toEqual([
      'eip155:1',
      'eip155:10',
      'eip155:56',
      'eip155:100',
      'eip155:137',
      'eip155:324',
      'eip155:8453',
      'eip155:42161',
      'eip155:43114',
      'eip155:84532',
      'eip155:11155111',
      'eip155:31337',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
  })
})
