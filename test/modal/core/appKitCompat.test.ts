import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { snackbarMs } from '../../../modal/controllers/alerts.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { publicAccount } from '../../../modal/core/publicState.js'
import { authConnectorId } from '../../../modal/embedded/authConnector.js'
import { catalogue as ja } from '../../../modal/i18n/locales/ja.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork, ChainNamespace } from '../../../modal/networks/types.js'
import {
  useAppKitAccount,
  useAppKitBalance,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitTheme,
  useWalletInfo,
} from '../../../modal/react/hooks.js'
import { initialAccount } from '../../../modal/state/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { FakeSolanaAdapter } from '../support/fakeSolanaAdapter.js'
import { alice, anvilPair, injectedKit, solanaMainnet, unreachableRpcUrl } from '../support/kit.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

const solanaAddress = new FakeSolanaAdapter().address

/** Alice connected on Anvil, then a Solana wallet, which leaves solana the active namespace. */
async function twoNamespaceKit(): Promise<AppKit> {
  const { kit } = injectedKit({
    options: { networks: [anvil, solanaMainnet], adapters: [new Eip155Adapter(), new FakeSolanaAdapter()] },
  })
  await kit.connect('injected')
  await kit.connect('solflare', solanaMainnet)
  expect(kit.getState().activeChain).toBe('solana')
  return kit
}

/** What `hook()` returns inside `kit`'s tree, rendered once on the server. */
function rendered<T>(kit: AppKit, hook: () => T): T | undefined {
  let seen: T | undefined
  function Probe() {
    seen = hook()
    return null
  }
  renderToString(
    createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(Probe)),
  )
  return seen
}

function renderedAccount(kit: AppKit, options?: { namespace?: ChainNamespace }) {
  return rendered(kit, () => useAppKitAccount(options))
}

describe('AppKit 1.7 instance methods', () => {
  it('getAddress and getCaipAddress of a namespace that is not the active one give that namespace account', async () => {
    const kit = await twoNamespaceKit()
    expect(kit.getAddress('eip155')).toBe(alice)
    expect(kit.getCaipAddress('eip155')).toBe(`eip155:31337:${alice}`)
    expect(kit.getAddress('solana')).toBe(solanaAddress)
    expect(kit.getAddress()).toBe(solanaAddress)
  })

  it('getCaipNetwork of a namespace gives the network of that namespace, not the active one', async () => {
    const kit = await twoNamespaceKit()
    expect(kit.getCaipNetwork('eip155')?.caipNetworkId).toBe('eip155:31337')
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
    await kit.disconnect('eip155')
    expect(kit.getCaipNetwork('eip155')?.caipNetworkId).toBe('eip155:31337')
  })

  it('getEvent before anything happened is the creation event, as AppKit starts with MODAL_CREATED', () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(kit.getEvent().data).toEqual({ type: 'track', event: 'MODAL_CREATED' })
  })

  it('getState reports loading as one flag and the instance as initialized', () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] } })
    expect(kit.getState()).toEqual({
      open: false,
      loading: false,
      activeChain: 'eip155',
      selectedNetworkId: 'eip155:31337',
      initialized: true,
    })
  })
})

describe('AppKit 1.7 instance methods for networks, providers and the modal', () => {
  it('isOpen follows open and close', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(kit.isOpen()).toBe(false)
    await kit.open()
    expect(kit.isOpen()).toBe(true)
    await kit.close()
    expect(kit.isOpen()).toBe(false)
  })

  it('getCaipNetworks lists every configured network, or those of the namespace it is given', async () => {
    const kit = await twoNamespaceKit()
    expect(kit.getCaipNetworks().map((n) => n.caipNetworkId)).toEqual([
      'eip155:31337',
      solanaMainnet.caipNetworkId,
    ])
    expect(kit.getCaipNetworks('eip155').map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
    expect(kit.getCaipNetworks('bip122')).toEqual([])
  })

  it('getActiveChainNamespace names the namespace the last connect made active', async () => {
    const kit = await twoNamespaceKit()
    expect(kit.getActiveChainNamespace()).toBe('solana')
  })

  it('getProviderType names the kind of connector of a namespace, and nothing for one with no wallet', async () => {
    const kit = await twoNamespaceKit()
    expect(kit.getProviderType('eip155')).toBe('INJECTED')
    expect(kit.getProviderType('solana')).toBe('ANNOUNCED')
    expect(kit.getProviderType('bip122')).toBeUndefined()
  })

  it('getWalletProvider gives the provider of the active namespace, whichever it is', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(kit.getWalletProvider()).toBeUndefined()
    await kit.connect('injected')
    expect(kit.getWalletProvider()).toBe(kit.getProvider('eip155'))
    expect(kit.getWalletProvider()).toBeDefined()
  })

  it('fetchBalance resolves with the active account balance, and with an error result rather than a throw', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await expect(kit.fetchBalance()).resolves.toEqual({
      data: undefined,
      error: 'Not able to retrieve balance',
      isSuccess: false,
      isError: true,
    })
    await kit.connect('injected')
    // Anvil's RPC here answers nothing: the read fails.
    await expect(kit.fetchBalance()).resolves.toMatchObject({ error: 'No balance found', isError: true })
    const solana = await twoNamespaceKit()
    await expect(solana.fetchBalance()).resolves.toEqual({
      data: { balance: '1.5', symbol: 'SOL' },
      error: null,
      isSuccess: true,
      isError: false,
    })
  })
})

/**
 * What `kit`'s modal shows a Japanese reader in its two snackbar live regions (the markup inside each), or
 * undefined for a region that is not on the page.
 */
function renderedSnackbar(kit: AppKit): { status?: string; alert?: string } {
  const html = renderToString(
    createElement(
      KitContext.Provider,
      { value: { kit, t: createTranslator('ja', ja) } },
      createElement(ModalRoot),
    ),
  )
  return {
    status: /<output class="snackbar-region">(.*?)<\/output>/.exec(html)?.[1],
    alert: /<div class="snackbar-region" role="alert">(.*?)<\/div>/.exec(html)?.[1],
  }
}

describe('AppKit 1.7 snackbar messages from the app', () => {
  it('the snackbar live regions are on the page, empty, before any message, so a screen reader announces the message as a change', () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(renderedSnackbar(kit)).toEqual({ status: '', alert: '' })
  })

  it('showErrorMessage shows the app text as written, untranslated and as text, in an error snackbar announced at once', () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    kit.showErrorMessage('Swap failed: <b>slippage</b> too high')
    expect(kit.store.get().snackbar).toMatchObject({
      severity: 'error',
      message: 'Swap failed: <b>slippage</b> too high',
    })
    expect(renderedSnackbar(kit)).toEqual({
      status: '',
      alert: '<span class="snackbar error">Swap failed: &lt;b&gt;slippage&lt;/b&gt; too high</span>',
    })
  })

  it('showSuccessMessage shows the app text in a success snackbar left to the status role, gone after the snackbar time', () => {
    const timers: { run: () => void; ms: number }[] = []
    const { kit } = injectedKit({
      options: { networks: [anvil] },
      environment: { clock: { setTimeout: (run, ms) => timers.push({ run, ms }), clearTimeout: () => {} } },
    })
    kit.showSuccessMessage('Order placed')
    expect(renderedSnackbar(kit)).toEqual({
      status: '<span class="snackbar success">Order placed</span>',
      alert: '',
    })
    expect(timers.map((timer) => timer.ms)).toEqual([snackbarMs])
    for (const timer of timers) timer.run()
    expect(renderedSnackbar(kit)).toEqual({ status: '', alert: '' })
  })

  it('an embedded modal shows the app message too', () => {
    const { kit } = injectedKit({ options: { networks: [anvil], enableEmbedded: true } })
    kit.showErrorMessage('Not enough funds')
    expect(renderedSnackbar(kit)).toEqual({
      status: '',
      alert: '<span class="snackbar error">Not enough funds</span>',
    })
  })
})

describe('AppKit 1.7 subscriptions', () => {
  it('subscribeAccount is called with the account once it connects, not at once, and stops when unsubscribed', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    const seen: string[] = []
    const stop = kit.subscribeAccount((account) => seen.push(`${account.status} ${account.address ?? '-'}`))
    expect(seen).toEqual([])
    await kit.connect('injected')
    expect(seen.at(-1)).toBe(`connected ${alice}`)
    expect(kit.getAccount()).toMatchObject({ address: alice, isConnected: true })
    const count = seen.length
    stop()
    await kit.disconnect()
    expect(seen).toHaveLength(count)
  })

  it('subscribeAccount of a namespace is not called for a change on another namespace', async () => {
    const kit = await twoNamespaceKit()
    const seen: unknown[] = []
    kit.subscribeAccount((account) => seen.push(account), 'eip155')
    await kit.disconnect('solana')
    expect(seen).toEqual([])
    await kit.disconnect('eip155')
    expect(seen).toMatchObject([{ address: undefined, isConnected: false }])
  })

  it('subscribeNetwork and getChainId follow a network switch', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] }, walletChains: [31338] })
    await kit.connect('injected')
    const seen: unknown[] = []
    kit.subscribeNetwork((network) => seen.push(network.caipNetworkId))
    await kit.switchNetwork(anvil2)
    expect(seen).toEqual(['eip155:31338'])
    expect(kit.getChainId()).toBe(31338)
  })

  it('subscribeTheme is called with the mode and variables once either is set, not at once', () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    const seen: unknown[] = []
    kit.subscribeTheme((theme) => seen.push(theme))
    expect(seen).toEqual([])
    kit.setThemeMode('dark')
    kit.setThemeVariables({ '--w3m-accent': '#123456' })
    expect(seen).toEqual([
      { themeMode: 'dark', themeVariables: {} },
      { themeMode: 'dark', themeVariables: { '--w3m-accent': '#123456' } },
    ])
  })

  it('subscribeCaipNetworkChange is called with the network switched to, and stops when unsubscribed', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] }, walletChains: [31338] })
    await kit.connect('injected')
    const seen: (string | undefined)[] = []
    const stop = kit.subscribeCaipNetworkChange((network) => seen.push(network?.caipNetworkId))
    expect(seen).toEqual([])
    await kit.switchNetwork(anvil2)
    expect(seen).toEqual(['eip155:31338'])
    stop()
    await kit.switchNetwork(anvil)
    expect(seen).toEqual(['eip155:31338'])
  })

  it('getWalletInfo and subscribeWalletInfo name the connected wallet', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    const seen: (string | undefined)[] = []
    kit.subscribeWalletInfo((info) => seen.push(info?.name))
    expect(kit.getWalletInfo()).toBeUndefined()
    await kit.connect('injected')
    expect(kit.getWalletInfo()?.name).toBe('Browser Wallet')
    expect(seen).toEqual(['Browser Wallet'])
  })
})

describe('useAppKitAccount as AppKit 1.7 returns it', () => {
  it('reads the namespace it is given rather than the active one', async () => {
    const kit = await twoNamespaceKit()
    expect(renderedAccount(kit, { namespace: 'eip155' })).toMatchObject({
      address: alice,
      caipAddress: `eip155:31337:${alice}`,
      isConnected: true,
      status: 'connected',
    })
    expect(renderedAccount(kit)?.address).toBe(solanaAddress)
  })

  it('lists every account of the connection in allAccounts and has no embedded wallet info for an outside wallet', async () => {
    const kit = await twoNamespaceKit()
    const account = renderedAccount(kit, { namespace: 'eip155' })
    expect(account?.allAccounts.map(({ namespace, type }) => `${namespace}/${type}`)).toEqual([
      'eip155/eoa',
      'eip155/eoa',
    ])
    expect(account?.allAccounts[0]?.address).toBe(alice)
    expect(account).toHaveProperty('embeddedWalletInfo', undefined)
  })
})

describe('useAppKitProvider as AppKit 1.7 returns it', () => {
  it('names the kind of connector in walletProviderType, as AppKit does, not its id', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    const { walletProvider, walletProviderType } = rendered(kit, () => useAppKitProvider('eip155')) ?? {}
    expect(walletProvider).toBe(kit.getProvider('eip155'))
    expect(walletProviderType).toBe('INJECTED')
  })
})

describe('the account of an email wallet as AppKit 1.7 tells it', () => {
  it('gives embeddedWalletInfo with the login and lists the accounts with their kinds', () => {
    const smart = '0x1111111111111111111111111111111111111111'
    const user = {
      email: 'visitor@example.com',
      address: alice,
      chainId: 31337,
      accounts: [
        { address: smart, type: 'smartAccount' as const },
        { address: alice, type: 'eoa' as const },
      ],
      userName: 'visitor',
      preferredAccountType: 'smartAccount' as const,
    }
    const connection = {
      connectorId: authConnectorId,
      accounts: [smart, alice],
      caipNetwork: anvil,
      walletInfo: { name: 'Email' },
    }
    const account = publicAccount({
      activeChain: 'eip155',
      connections: { eip155: { status: 'connected', connections: [connection], current: 0 } },
      connectors: [{ id: authConnectorId, type: 'AUTH', name: 'Email', chainNamespace: 'eip155' }],
      account: {
        ...initialAccount,
        status: 'connected',
        address: smart,
        user,
        socialProvider: 'google',
        preferredAccountType: 'smartAccount',
        smartAccountDeployed: true,
      },
    })
    expect(account.embeddedWalletInfo).toEqual({
      user: { ...user, username: 'visitor' },
      authProvider: 'google',
      accountType: 'smartAccount',
      isSmartAccountDeployed: true,
    })
    expect(account.allAccounts).toEqual([
      { namespace: 'eip155', address: smart, type: 'smartAccount' },
      { namespace: 'eip155', address: alice, type: 'eoa' },
    ])
  })
})

describe('useAppKitNetwork as AppKit 1.7 returns it', () => {
  it('gives the active network, its CAIP id and chain id', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] }, walletChains: [31338] })
    await kit.connect('injected')
    await kit.switchNetwork(anvil2)
    expect(rendered(kit, useAppKitNetwork)).toMatchObject({
      caipNetwork: anvil2,
      caipNetworkId: 'eip155:31338',
      chainId: 31338,
    })
  })
})

describe('useAppKitTheme, useWalletInfo and useAppKitBalance as AppKit 1.7 returns them', () => {
  it('useAppKitTheme gives the theme and sets it on the instance', () => {
    const { kit } = injectedKit({ options: { networks: [anvil], themeMode: 'dark' } })
    const theme = rendered(kit, useAppKitTheme)
    expect(theme).toMatchObject({ themeMode: 'dark', themeVariables: {} })
    theme?.setThemeMode('light')
    theme?.setThemeVariables({ '--w3m-accent': '#123456' })
    expect(rendered(kit, useAppKitTheme)).toMatchObject({
      themeMode: 'light',
      themeVariables: { '--w3m-accent': '#123456' },
    })
  })

  it('useWalletInfo names the connected wallet in walletInfo', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(rendered(kit, useWalletInfo)).toEqual({ walletInfo: undefined })
    await kit.connect('injected')
    expect(rendered(kit, useWalletInfo)?.walletInfo?.name).toBe('Browser Wallet')
  })

  it('useAppKitBalance fetchBalance resolves with the active account balance', async () => {
    const kit = await twoNamespaceKit()
    const result = await rendered(kit, useAppKitBalance)?.fetchBalance()
    expect(result).toMatchObject({ data: { balance: '1.5', symbol: 'SOL' }, isSuccess: true })
    expect(kit.store.get().account.balance).toBe('1.5')
  })
})
