import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import type { WalletConnectTransportFactory } from '../../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../../modal/controllers/connection.js'
import { connectMethodsOrder } from '../../../modal/controllers/connectMethods.js'
import type { ModalEvent } from '../../../modal/controllers/events.js'
import { closeAfterConnect, setLoading, shake, shakeMs } from '../../../modal/controllers/modal.js'
import { multiNamespace } from '../../../modal/controllers/multiNamespace.js'
import { openingRoute } from '../../../modal/controllers/openingRoute.js'
import { push } from '../../../modal/controllers/router.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { ConnectorInfo } from '../../../modal/state/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { AllWalletsView } from '../../../modal/ui/views/AllWalletsView.js'
import { ConnectView } from '../../../modal/ui/views/ConnectView.js'
import { ManualClock } from '../support/clock.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { FakeSolanaAdapter } from '../support/fakeSolanaAdapter.js'
import {
  alice,
  anvilPair,
  createKit,
  injectedKit,
  solanaDevnet,
  solanaMainnet,
  unreachableRpcUrl,
} from '../support/kit.js'
import { createPage } from '../support/page.js'

// These tests open and route; they never pair, so the transport is never built.
const unusedWalletConnect: WalletConnectTransportFactory = () =>
  Promise.reject(new Error('this test does not pair over WalletConnect'))

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function trackedEvents(kit: AppKit): ModalEvent['data'][] {
  const seen: ModalEvent['data'][] = []
  kit.subscribeEvents((event) => seen.push(event.data))
  return seen
}

describe('opening rules (§2)', () => {
  const desktop = { connected: false, hasAdapters: true, manualWCControl: false, mobile: false }

  it('OPEN-01 opening with a requested view and its data shows that view with that data', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.open({ view: 'SwitchNetwork', data: { network: anvil2 } })
    const { router, open } = kit.store.get()
    expect(open).toBe(true)
    expect(router.view).toBe('SwitchNetwork')
    expect(router.data).toEqual({ network: anvil2 })
    expect(openingRoute({ view: 'ConnectingExternal', data: { connectorId: 'x' } }, desktop)).toEqual({
      view: 'ConnectingExternal',
      data: { connectorId: 'x' },
    })
  })

  it('OPEN-02 a requested view wins over the connected rule: SwitchNetwork, not Account', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    await kit.open({ view: 'SwitchNetwork', data: { network: anvil2 } })
    expect(kit.store.get().router.view).toBe('SwitchNetwork')
    expect(openingRoute({ view: 'Networks' }, { ...desktop, connected: true }).view).toBe('Networks')
  })

  it('OPEN-03 a connected address opens Account', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.open()
    expect(kit.store.get().router.view).toBe('Connect')
    await kit.close()
    await kit.connect('injected')
    await kit.open()
    expect(kit.store.get().router.view).toBe('Account')
  })

  it('OPEN-04 no adapters and no address: AllWallets on mobile, ConnectingWalletConnectBasic on desktop', async () => {
    for (const [mobile, view] of [
      [true, 'AllWallets'],
      [false, 'ConnectingWalletConnectBasic'],
    ] as const) {
      const kit = createKit({
        options: { networks: [anvil], adapters: [] },
        environment: { target: createPage(), walletConnect: unusedWalletConnect, isMobile: () => mobile },
      })
      await kit.open()
      expect(kit.store.get().router.view).toBe(view)
      expect(openingRoute(undefined, { ...desktop, hasAdapters: false, mobile }).view).toBe(view)
    }
  })

  it('OPEN-05 manual wallet-connect control: AllWallets on mobile, ConnectingWalletConnectBasic on desktop, adapters or not', async () => {
    for (const [mobile, view] of [
      [true, 'AllWallets'],
      [false, 'ConnectingWalletConnectBasic'],
    ] as const) {
      const { kit } = injectedKit({
        options: { networks: [anvil], manualWCControl: true },
        environment: { isMobile: () => mobile },
      })
      expect(kit.options.adapters).toHaveLength(1)
      await kit.open()
      expect(kit.store.get().router.view).toBe(view)
    }
    expect(openingRoute(undefined, { ...desktop, manualWCControl: true, connected: true }).view).toBe(
      'Account',
    )
  })

  it('OPEN-06 adapters, no address, manual control off: Connect (on mobile too)', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] }, environment: { isMobile: () => true } })
    await kit.open()
    expect(kit.store.get().router.view).toBe('Connect')
    expect(openingRoute(undefined, desktop).view).toBe('Connect')
  })

  it('OPEN-07 opening with another namespace makes it active on its first network', async () => {
    const kit = createKit({
      options: {
        networks: [anvil, solanaMainnet, solanaDevnet],
        adapters: [new FakeSolanaAdapter()],
      },
    })
    expect(kit.store.get().activeChain).toBe('eip155')
    await kit.open({ namespace: 'solana' })
    expect(kit.store.get().activeChain).toBe('solana')
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
    await kit.close()
    await kit.open({ namespace: 'eip155' })
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31337')
  })

  it('OPEN-07 the namespace opened shows its own account, not the one connected on another', async () => {
    const { kit } = injectedKit({
      options: {
        networks: [anvil, solanaMainnet],
        adapters: [new Eip155Adapter(), new FakeSolanaAdapter()],
      },
    })
    await kit.connect('injected')
    await kit.open({ namespace: 'solana' })
    expect(kit.getState().activeChain).toBe('solana')
    expect(kit.getCaipAddress()).toBeUndefined()
    expect(kit.store.get().router.view).toBe('Connect')
    await kit.close()
    await kit.open({ namespace: 'eip155' })
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
    expect(kit.store.get().account.connectedWalletInfo?.name).toBe('Browser Wallet')
    expect(kit.store.get().router.view).toBe('Account')
  })

  it('OPEN-08 that namespace switch shows no confirmation view', async () => {
    const kit = createKit({
      options: { networks: [anvil, solanaMainnet], adapters: [new FakeSolanaAdapter()] },
    })
    await kit.open({ namespace: 'solana' })
    const { router } = kit.store.get()
    expect(router.view).toBe('Connect')
    expect(router.history).toEqual([])
  })

  it('opening for a namespace lists only its wallets on Connect, as AppKit does, and a plain open lists every wallet again', async () => {
    const { kit } = injectedKit({
      options: {
        networks: [anvil, solanaMainnet],
        // Solana's adapter brings the multi-namespace code, as the shipped one does.
        adapters: [new Eip155Adapter(), Object.assign(new FakeSolanaAdapter(), { multiNamespace })],
      },
    })
    const listed = () =>
      [
        ...renderToString(
          createElement(
            KitContext.Provider,
            { value: { kit, t: createTranslator() } },
            createElement(ConnectView),
          ),
        ).matchAll(/data-testid="(wallet-(?!list")[^"]+)"/g),
      ].map(([, id]) => id)
    await kit.open({ view: 'Connect', namespace: 'solana' })
    expect(listed()).toEqual(['wallet-solflare'])
    await kit.close()
    await kit.open({ view: 'Connect' })
    expect(listed()).toEqual(['wallet-injected', 'wallet-solflare'])
  })

  it('opening All Wallets for a namespace lists only the wallets installed in it', async () => {
    const { kit } = injectedKit({
      options: {
        networks: [anvil, solanaMainnet],
        adapters: [new Eip155Adapter(), Object.assign(new FakeSolanaAdapter(), { multiNamespace })],
      },
    })
    const html = () =>
      renderToString(
        createElement(
          KitContext.Provider,
          { value: { kit, t: createTranslator() } },
          createElement(AllWalletsView),
        ),
      )
    await kit.open({ view: 'AllWallets', namespace: 'solana' })
    expect(html()).toContain('data-testid="wallet-solflare"')
    expect(html()).not.toContain('data-testid="wallet-injected"')
    await kit.open({ view: 'AllWallets' })
    expect(html()).toContain('data-testid="wallet-injected"')
  })

  it('OPEN-09 closing resets the route to Connect with no history', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.open()
    push(kit.context, { view: 'AllWallets' })
    push(kit.context, { view: 'ConnectingExternal', data: { connectorId: 'injected' } })
    expect(kit.store.get().router.history).toHaveLength(2)
    await kit.close()
    expect(kit.store.get().router).toEqual({ view: 'Connect', history: [] })
  })

  it('OPEN-12 shake sets the flag and clears it after 500 ms', () => {
    const clock = new ManualClock()
    const { kit } = injectedKit({ options: { networks: [anvil] }, environment: { clock } })
    expect(shakeMs).toBe(500)
    shake(kit.context)
    expect(kit.store.get().shake).toBe(true)
    clock.advance(499)
    expect(kit.store.get().shake).toBe(true)
    clock.advance(1)
    expect(kit.store.get().shake).toBe(false)
  })

  it('OPEN-16 a wallet moving to a network the app did not configure opens UnsupportedChain', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    provider.selectChain(31338)
    expect(kit.store.get().open).toBe(false)
    provider.selectChain(4660)
    const state = kit.store.get()
    expect(state.open).toBe(true)
    expect(state.router.view).toBe('UnsupportedChain')
    expect(state.activeNetwork?.caipNetworkId).toBe('eip155:4660')
  })

  it('OPEN-16 a wallet that connects on a network the app did not configure, and will not switch, lands on UnsupportedChain', async () => {
    const provider = new FakeProvider({
      accounts: [alice],
      chainId: 4660,
      unknownChainError: { code: 4001, message: 'User rejected the request.' },
    })
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: createPage(provider) } })
    await kit.open()
    await connect(kit.context, { connectorId: 'injected' })
    closeAfterConnect(kit.context)
    const state = kit.store.get()
    expect(state.open).toBe(true)
    expect(state.router.view).toBe('UnsupportedChain')
    expect(state.activeNetwork).toMatchObject({ caipNetworkId: 'eip155:4660', name: 'Chain 4660' })

    const { kit: onAnvil } = injectedKit({ options: { networks: [anvil] } })
    await onAnvil.open()
    await connect(onAnvil.context, { connectorId: 'injected' })
    closeAfterConnect(onAnvil.context)
    expect(onAnvil.store.get().open).toBe(false)
  })

  it('OPEN-16 (allowUnsupportedChain) keeps the modal closed on an unconfigured network', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil], allowUnsupportedChain: true } })
    await kit.connect('injected')
    provider.selectChain(4660)
    expect(kit.store.get().open).toBe(false)
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:4660')
  })

  it('OPEN-17 connect methods: email, social, wallet; wallet first with an injected or announced wallet', () => {
    const of = (type: ConnectorInfo['type']): ConnectorInfo => ({
      id: type,
      type,
      name: type,
      chainNamespace: 'eip155',
    })
    expect(connectMethodsOrder([])).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodsOrder([of('WALLET_CONNECT')])).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodsOrder([of('WALLET_CONNECT'), of('INJECTED')])).toEqual(['wallet', 'email', 'social'])
    expect(connectMethodsOrder([of('ANNOUNCED')])).toEqual(['wallet', 'email', 'social'])
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(connectMethodsOrder(kit.store.get().connectors)).toEqual(['wallet', 'email', 'social'])
    expect(connectMethodsOrder([of('INJECTED')], ['social', 'wallet'])).toEqual(['social', 'wallet'])
  })

  it('OPEN-19 the modal starts closed; open opens it and close closes it', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(kit.getState().open).toBe(false)
    await kit.open()
    expect(kit.getState().open).toBe(true)
    await kit.close()
    expect(kit.getState().open).toBe(false)
  })

  it('OPEN-20 loading is kept per namespace', () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    setLoading(kit.context, 'eip155', true)
    setLoading(kit.context, 'solana', true)
    expect(kit.store.get().loading).toEqual({ eip155: true, solana: true })
    setLoading(kit.context, 'solana', false)
    expect(kit.store.get().loading).toEqual({ eip155: true, solana: false })
    // AppKit's public state folds the flags into one: loading while any namespace is.
    expect(kit.getState().loading).toBe(true)
    setLoading(kit.context, 'eip155', false)
    expect(kit.getState().loading).toBe(false)
  })

  it('OPEN-21 opening and closing each emit one tracked event with the connected flag', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    const events = trackedEvents(kit)
    await kit.open()
    await kit.open({ view: 'AllWallets' })
    await kit.close()
    await kit.close()
    expect(events).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } },
    ])
    await kit.connect('injected')
    events.length = 0
    await kit.open()
    await kit.close()
    expect(events).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: true } },
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } },
    ])
    expect(kit.getEvent()?.data.event).toBe('MODAL_CLOSE')
  })
})

describe("open({ uri }): the QR code of a pairing the app runs itself, as AppKit's", () => {
  const pairingUri = (digit: string) =>
    `wc:${digit.repeat(64)}@2?relay-protocol=irn&symKey=${'e'.repeat(64)}&expiryTimestamp=1900000000`

  it('shows the URI on the WalletConnect view, which pairs nothing itself; a fresh URI replaces it in place', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.open({ uri: pairingUri('a') })
    expect(kit.store.get()).toMatchObject({
      open: true,
      wcUri: pairingUri('a'),
      router: { view: 'ConnectingWalletConnect', data: { byApp: true }, history: [] },
    })
    const shown = kit.store.get().router
    await kit.open({ uri: pairingUri('b') })
    expect(kit.store.get().wcUri).toBe(pairingUri('b'))
    expect(kit.store.get().router).toBe(shown)
    await kit.close()
    expect(kit.store.get().wcUri).toBeUndefined()
  })

  it('refuses a URI that is no WalletConnect pairing URI, and opens nothing', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await expect(async () => kit.open({ uri: 'https://example.com/?wc' })).rejects.toThrow(
      'open({ uri }): the uri is no WalletConnect pairing URI (wc:<topic>@2?…)',
    )
    expect(kit.store.get().open).toBe(false)
    expect(kit.store.get().wcUri).toBeUndefined()
  })
})
