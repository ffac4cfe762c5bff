import { UserRejectedRequestError } from 'viem'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { type Config, cookieStorage, cookieToInitialState, createStorage } from 'wagmi'
import {
  connect,
  disconnect,
  getAccount,
  getConnection,
  getConnectors,
  reconnect,
  switchChain,
  watchAccount,
  watchConnectors,
} from 'wagmi/actions'
import type { AdapterEvent } from '../../../modal/adapters/types.js'
import { reconnect as modalReconnect } from '../../../modal/controllers/connection.js'
import { mapMemory } from '../../../modal/controllers/memory.js'
import { loadRemoteConfig } from '../../../modal/controllers/remoteConfig.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { EvmNetwork } from '../../../modal/networks/types.js'
import { WagmiAdapter, type WagmiAdapterOptions } from '../../../modal/wagmi/index.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import { alice, anvilPair, bob, carol, createKit, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'
import { mapStorage } from '../support/wagmiStorage.js'

let anvil: EvmNetwork
let anvil2: EvmNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function wagmiKit(
  wallet: { accounts: string[]; chainId: number } = { accounts: [alice], chainId: 31337 },
  setup: {
    adapter?: Partial<WagmiAdapterOptions>
    remembered?: string
    granted?: boolean
    /** What the page does before the modal is created (and begins restoring a connection). */
    beforeModal?: (parts: { config: Config; provider: FakeProvider }) => void
  } = {},
) {
  const provider = new FakeProvider({ ...wallet, chains: [31337, 31338] })
  provider.granted = setup.granted ?? false
  const adapter = new WagmiAdapter({ networks: [anvil, anvil2], ...setup.adapter })
  setup.beforeModal?.({ config: adapter.wagmiConfig, provider })
  const memory = mapMemory()
  if (setup.remembered) memory.setItem('pairwise:connector:eip155', setup.remembered)
  const kit = createKit({
    options: { networks: [anvil, anvil2], adapters: [adapter] },
    environment: { target: createPage(provider), memory },
  })
  return { kit, provider, config: adapter.wagmiConfig }
}

/** The adapter set up on a page with `provider` injected, as the modal sets it up, recording what it emits. */
function setUpAdapter(
  provider = new FakeProvider({ accounts: [alice], chainId: 31337 }),
  storage = mapStorage(),
) {
  const page = createPage(provider)
  const adapter = new WagmiAdapter({ networks: [anvil, anvil2], storage })
  const events: AdapterEvent[] = []
  adapter.setup({
    networks: [anvil, anvil2],
    target: page,
    emit: (event) => events.push(event),
    enableInjected: true,
    enableEIP6963: true,
  })
  return { adapter, provider, page, events, storage, config: adapter.wagmiConfig }
}

describe('@pairwise/modal/wagmi: wagmi and the modal agree on one connection', () => {
  it('a connection made in the modal is wagmi’s connection (useAccount)', async () => {
    const { kit, config } = wagmiKit()
    await kit.connect('injected')
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: alice, chainId: 31337 })
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
  })

  it('CHAIN-02 switching through wagmi (useSwitchChain) moves the wallet and the modal', async () => {
    const { kit, provider, config } = wagmiKit()
    await kit.connect('injected')
    await switchChain(config, { chainId: 31338 })
    expect(provider.chainId).toBe(31338)
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31338')
    expect(getConnection(config).chainId).toBe(31338)
  })

  it('a wallet-side chain change reaches wagmi as well as the modal', async () => {
    const { kit, provider, config } = wagmiKit()
    await kit.connect('injected')
    provider.selectChain(31338)
    await until(kit, (s) => s.activeNetwork?.caipNetworkId === 'eip155:31338')
    await expect.poll(() => getConnection(config).chainId).toBe(31338)
  })

  it('disconnecting through wagmi (useDisconnect) disconnects the modal', async () => {
    const { kit, config } = wagmiKit()
    await kit.connect('injected')
    await disconnect(config)
    expect(getConnection(config).status).toBe('disconnected')
    await until(kit, (s) => s.account.status === 'disconnected' && !s.account.address)
  })

  it("reports DISCONNECT_SUCCESS once for the app's disconnect through wagmi as for the modal's own, and none when the wallet ends it", async () => {
    const disconnects = (kit: AppKit) => {
      const seen: string[] = []
      kit.subscribeEvents(({ data }) => data.event === 'DISCONNECT_SUCCESS' && seen.push(data.event))
      return seen
    }
    const byApp = wagmiKit()
    const fromApp = disconnects(byApp.kit)
    await byApp.kit.connect('injected')
    await disconnect(byApp.config)
    await until(byApp.kit, (s) => s.account.status === 'disconnected')
    expect(fromApp).toHaveLength(1)
    expect(byApp.provider.granted).toBe(false)

    const byModal = wagmiKit()
    const fromModal = disconnects(byModal.kit)
    await byModal.kit.connect('injected')
    await byModal.kit.disconnect()
    expect(getConnection(byModal.config).status).toBe('disconnected')
    expect(fromModal).toHaveLength(1)

    const byWallet = wagmiKit()
    const fromWallet = disconnects(byWallet.kit)
    await byWallet.kit.connect('injected')
    byWallet.provider.revokeFromWallet()
    await until(byWallet.kit, (s) => s.account.status === 'disconnected')
    expect(fromWallet).toEqual([])
  })

  it('the wallet ending the session disconnects wagmi as well as the modal', async () => {
    const { kit, provider, config } = wagmiKit()
    await kit.connect('injected')
    provider.revokeFromWallet()
    await until(kit, (s) => s.account.status === 'disconnected')
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('a modal connect keeps the wallet on its chain when the app configured it, in wagmi as in the modal', async () => {
    const { kit, provider, config } = wagmiKit({ accounts: [alice], chainId: 31338 })
    await kit.connect('injected')
    expect(provider.chainId).toBe(31338)
    expect(getConnection(config).chainId).toBe(31338)
  })

  it('a connect through wagmi (useConnect) with a chainId moves the wallet to that chain', async () => {
    const { kit, provider, config } = wagmiKit()
    await kit.connect('injected')
    await disconnect(config)
    const connector = getConnectors(config)[0]!
    expect(await connect(config, { connector, chainId: 31338 })).toMatchObject({ chainId: 31338 })
    expect(provider.chainId).toBe(31338)
    expect(getConnection(config)).toMatchObject({ status: 'connected', chainId: 31338 })
  })

  it("a wallet's refusal reaches wagmi's callers as UserRejectedRequestError (4001) and the modal as the wallet's own error", async () => {
    const { kit, provider, config } = wagmiKit()
    await kit.connect('injected')
    const refuse = () => {
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User denied.')
    }
    provider.override('wallet_switchEthereumChain', refuse)
    const switched = await switchChain(config, { chainId: 31338 }).catch((error: unknown) => error)
    expect(switched).toBeInstanceOf(UserRejectedRequestError)
    expect(switched).toMatchObject({ code: 4001 })
    await disconnect(config)
    provider.override('eth_requestAccounts', refuse)
    const connector = getConnectors(config)[0]!
    const connected = await connect(config, { connector }).catch((error: unknown) => error)
    expect(connected).toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config).status).toBe('disconnected')
    await expect(kit.connect('injected')).rejects.toThrow(new WalletRpcError(4001, 'User denied.'))
  })

  it('wagmi gets checksummed addresses from a wallet that answers in lower case, on connect and on account change', async () => {
    const { kit, provider, config } = wagmiKit({ accounts: [alice.toLowerCase()], chainId: 31337 })
    await kit.connect('injected')
    expect(getConnection(config).address).toBe(alice)
    provider.selectAccount(bob.toLowerCase())
    await expect.poll(() => getConnection(config).address).toBe(bob)
  })

  it("gives each adapter its own wagmi config, with the app's ssr flag and storage, null turning storage off", () => {
    const storage = createStorage({ storage: cookieStorage })
    const server = new WagmiAdapter({ networks: [anvil, anvil2], ssr: true, storage })
    const stateless = new WagmiAdapter({ networks: [anvil, anvil2], storage: null })
    expect(server.wagmiConfig).not.toBe(stateless.wagmiConfig)
    expect(server.wagmiConfig._internal.ssr).toBe(true)
    expect(server.wagmiConfig.storage).toBe(storage)
    expect(stateless.wagmiConfig._internal.ssr).toBe(false)
    expect(stateless.wagmiConfig.storage).toBeNull()
  })
})

/**
 * A kit over a wagmi adapter on a page announcing Alpha (carol) and Beta (bob), with the project's remote
 * configuration loaded: `multiWallet` as given, every other feature on.
 */
async function twoWalletKit(multiWallet: boolean) {
  const page = createPage()
  const alpha = new FakeProvider({ accounts: [carol], chainId: 31337 })
  installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), alpha)
  installAnnouncedWallet(
    page,
    walletInfo('Beta', 'com.example.beta'),
    new FakeProvider({ accounts: [bob], chainId: 31337 }),
  )
  const features = {
    email: true,
    socials: false,
    swaps: true,
    onramp: true,
    activity: true,
    reownBranding: true,
    multiWallet,
  }
  const fetcher: typeof fetch = async (input) =>
    new URL(String(input)).pathname === '/v1/project/config'
      ? Response.json({ projectId: 'p1', name: 'Shop', basic: false, features })
      : Response.json({ origins: [] })
  const adapter = new WagmiAdapter({ networks: [anvil, anvil2] })
  const kit = createKit({
    options: {
      networks: [anvil, anvil2],
      adapters: [adapter],
      apiUrl: 'http://127.0.0.1:8788',
      projectId: 'p1',
    },
    environment: { fetch: fetcher, target: page, memory: mapMemory() },
  })
  await loadRemoteConfig(kit.context, { api: kit.api })
  const events: string[] = []
  kit.subscribeEvents(({ data }) => events.push(data.event))
  const config = adapter.wagmiConfig
  const connector = (id: string) => getConnectors(config).find((c) => c.id === id)!
  return { kit, config, alpha, events, connector }
}

describe('@pairwise/modal/wagmi: a connection started from wagmi', () => {
  it("lists the modal's connectors in wagmi before any connection, so wagmi's connect makes the first one", async () => {
    const { config } = setUpAdapter()
    expect(getConnectors(config).map((c) => c.id)).toEqual(['injected'])
    const connector = getConnectors(config)[0]!
    expect(connector).toMatchObject({ name: 'Browser Wallet', type: 'pairwise' })
    await connect(config, { connector })
    expect(getAccount(config)).toMatchObject({
      status: 'connected',
      address: alice,
      chainId: 31337,
      connector,
    })
  })

  it("keeps wagmi's connectors in step with the wallets the page announces later, the injected one they replace leaving", () => {
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    const { page, config } = setUpAdapter(provider)
    const seen: string[][] = []
    watchConnectors(config, { onChange: (connectors) => seen.push(connectors.map((c) => c.id)) })
    installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), provider)
    installAnnouncedWallet(
      page,
      walletInfo('Beta', 'com.example.beta'),
      new FakeProvider({ accounts: [bob], chainId: 1 }),
    )
    expect(getConnectors(config).map((c) => [c.id, c.name])).toEqual([
      ['com.example.alpha', 'Alpha'],
      ['com.example.beta', 'Beta'],
    ])
    expect(seen.at(-1)).toEqual(['com.example.alpha', 'com.example.beta'])
  })

  it("tells the modal of a connect made through wagmi as a new connection, and of wagmi's reconnect on load as a restored one", async () => {
    const { provider, events, storage, config } = setUpAdapter()
    const connector = getConnectors(config)[0]!
    await connect(config, { connector })
    expect(events.filter((e) => e.type === 'connected')).toEqual([
      {
        type: 'connected',
        restored: false,
        result: expect.objectContaining({ connectorId: 'injected', address: alice, accounts: [alice] }),
      },
    ])
    const reloaded = setUpAdapter(provider, storage)
    const changes: string[] = []
    watchAccount(reloaded.config, { onChange: (account) => changes.push(account.status) })
    await reconnect(reloaded.config)
    expect(reloaded.events.filter((e) => e.type === 'connected')).toEqual([
      { type: 'connected', restored: true, result: expect.objectContaining({ address: alice }) },
    ])
    expect(changes.at(-1)).toBe('connected')
    expect(provider.methods().filter((m) => m === 'eth_requestAccounts')).toHaveLength(1)
  })

  it("the modal shows a connection made through wagmi, and one wagmi's reconnect restores on load", async () => {
    const storage = mapStorage()
    const { kit, config } = wagmiKit(undefined, { adapter: { storage } })
    await kit.ready()
    const injected = getConnectors(config).find((c) => c.id === 'injected')!
    await connect(config, { connector: injected })
    await until(kit, (s) => s.account.status === 'connected' && s.account.address === alice)
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)

    const reloaded = wagmiKit(undefined, { adapter: { storage }, granted: true })
    await reloaded.kit.ready()
    await reconnect(reloaded.config)
    await until(reloaded.kit, (s) => s.account.status === 'connected' && s.account.address === alice)
  })

  it('connects no wallet by itself on load that this app never connected, though it granted another page', async () => {
    const { kit, config, provider } = wagmiKit(undefined, { granted: true })
    await kit.ready()
    await reconnect(config)
    expect(getAccount(config).status).toBe('disconnected')
    expect(kit.store.get().account.status).toBe('disconnected')
    expect(provider.methods()).not.toContain('eth_requestAccounts')
  })

  it('a modal connect of the connector wagmi already holds takes that connection over: no revoke, no disconnect, no second prompt', async () => {
    const { adapter, provider, events, config } = setUpAdapter()
    const connector = getConnectors(config)[0]!
    await connect(config, { connector })
    const result = await adapter.connect({ connectorId: 'injected', network: anvil })
    expect(result).toMatchObject({ connectorId: 'injected', address: alice, network: anvil })
    expect(provider.methods()).not.toContain('wallet_revokePermissions')
    expect(provider.methods().filter((m) => m === 'eth_requestAccounts')).toHaveLength(1)
    expect(events.some((e) => e.type === 'disconnect')).toBe(false)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice, connector })
  })

  it("the modal's reconnect of a connection wagmi holds keeps it, the wallet's permission untouched", async () => {
    const { kit, provider, config } = wagmiKit()
    await kit.connect('injected')
    await modalReconnect(kit.context)
    expect(provider.granted).toBe(true)
    expect(provider.methods()).not.toContain('wallet_revokePermissions')
    expect(kit.store.get().account).toMatchObject({ status: 'connected', address: alice })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice })
  })

  it("wagmi's reconnect on load racing the modal's own ends connected on both sides, asking the wallet nothing", async () => {
    const { kit, provider, config } = wagmiKit(undefined, { remembered: 'injected', granted: true })
    await Promise.all([reconnect(config), kit.ready()])
    expect(kit.store.get().account).toMatchObject({ status: 'connected', address: alice })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice })
    expect(provider.granted).toBe(true)
    expect(provider.methods()).not.toContain('wallet_revokePermissions')
    expect(provider.methods()).not.toContain('eth_requestAccounts')
  })

  it("a returning visitor of a server-rendered app stays connected in wagmi (isConnected, 'reconnecting') while the modal restores the connection", async () => {
    const cookies = new Map<string, string>()
    const storage = createStorage({
      storage: {
        getItem: (key) => cookies.get(key) ?? null,
        setItem: (key, value) => void cookies.set(key, value),
        removeItem: (key) => void cookies.delete(key),
      },
    })
    const first = wagmiKit(undefined, { adapter: { storage, ssr: true } })
    await first.kit.connect('injected')
    await vi.waitFor(() => expect(cookies.get('wagmi.store')).toContain(alice))
    const cookie = [...cookies].map(([key, value]) => `${key}=${value}`).join('; ')
    const held: { accounts?: ReturnType<FakeProvider['hold']> } = {}
    const { kit, provider, config } = wagmiKit(undefined, {
      adapter: { storage, ssr: true },
      remembered: 'injected',
      granted: true,
      beforeModal: ({ config, provider }) => {
        // What <WagmiProvider initialState> sets from the request's cookie.
        config.setState({ ...cookieToInitialState(config, cookie)!, status: 'reconnecting' })
        held.accounts = provider.hold('eth_accounts')
      },
    })
    await vi.waitFor(() => expect(provider.methods()).toContain('eth_accounts'))
    expect(getAccount(config)).toMatchObject({ status: 'reconnecting', isConnected: true, address: alice })
    held.accounts?.release()
    await kit.ready()
    await until(kit, (s) => s.account.status === 'connected')
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice })
  })

  it("after a disconnect, wagmi's reconnect on load does not bring back a wallet that ignored the revoke", async () => {
    const storage = mapStorage()
    const { kit, provider, config } = wagmiKit(undefined, { adapter: { storage } })
    provider.override('wallet_revokePermissions', () => null)
    await kit.connect('injected')
    await kit.disconnect()
    expect(await reconnect(config)).toEqual([])
    expect(getAccount(config).status).toBe('disconnected')
    await connect(config, { connector: getConnectors(config)[0]! })
    await reconnect(config)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice })
  })
  it("a modal connect of a connection wagmi holds beside its current one makes it wagmi's current one too", async () => {
    const { adapter, page, config } = setUpAdapter(new FakeProvider({ accounts: [], chainId: 31337 }))
    installAnnouncedWallet(
      page,
      walletInfo('Alpha', 'com.example.alpha'),
      new FakeProvider({ accounts: [alice], chainId: 31337 }),
    )
    installAnnouncedWallet(
      page,
      walletInfo('Beta', 'com.example.beta'),
      new FakeProvider({ accounts: [bob], chainId: 31337 }),
    )
    const byId = (id: string) => getConnectors(config).find((c) => c.id === id)!
    await connect(config, { connector: byId('com.example.alpha') })
    await connect(config, { connector: byId('com.example.beta') })
    await adapter.connect({ connectorId: 'com.example.alpha', network: anvil })
    expect(getAccount(config)).toMatchObject({ address: alice, connector: byId('com.example.alpha') })
  })

  it("with multi-wallet off, an app's connect through wagmi of another wallet replaces the one held: disconnected in the wallet, wagmi and the modal", async () => {
    const { kit, config, alpha, events, connector } = await twoWalletKit(false)
    await kit.connect('com.example.alpha')
    await connect(config, { connector: connector('com.example.beta') })
    await until(kit, (s) => s.connections.eip155?.connections.length === 1 && s.account.address === bob)
    expect(kit.store.get().connections.eip155?.connections.map((c) => c.connectorId)).toEqual([
      'com.example.beta',
    ])
    await vi.waitFor(() => expect(events.filter((e) => e === 'DISCONNECT_SUCCESS')).toHaveLength(1))
    expect(alpha.granted).toBe(false)
    expect([...config.state.connections.values()].map((c) => c.connector.id)).toEqual(['com.example.beta'])
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: bob })

    const multi = await twoWalletKit(true)
    await multi.kit.connect('com.example.alpha')
    await connect(multi.config, { connector: multi.connector('com.example.beta') })
    await until(multi.kit, (s) => s.connections.eip155?.connections.length === 2)
    expect(multi.alpha.granted).toBe(true)
    expect(multi.events).not.toContain('DISCONNECT_SUCCESS')
  })

  it("after a reload, wagmi's reconnect of two stored connectors leaves the one connected last current in the modal as in wagmi, the other beside it", async () => {
    const storage = mapStorage()
    const memory = mapMemory()
    const alpha = new FakeProvider({ accounts: [carol], chainId: 31337 })
    const beta = new FakeProvider({ accounts: [bob], chainId: 31337 })
    const load = () => {
      const page = createPage()
      installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), alpha)
      installAnnouncedWallet(page, walletInfo('Beta', 'com.example.beta'), beta)
      const adapter = new WagmiAdapter({ networks: [anvil, anvil2], storage })
      const kit = createKit({
        options: { networks: [anvil, anvil2], adapters: [adapter] },
        environment: { target: page, memory },
      })
      return { kit, config: adapter.wagmiConfig }
    }
    const first = load()
    await first.kit.connect('com.example.alpha')
    await first.kit.connect('com.example.beta')
    expect(getAccount(first.config).address).toBe(bob)

    const { kit, config } = load()
    await Promise.all([reconnect(config), kit.ready()])
    await until(kit, (s) => s.connections.eip155?.connections.length === 2)
    expect(getAccount(config).address).toBe(bob)
    expect(kit.getAddress()).toBe(bob)
    expect(memory.getItem('pairwise:connector:eip155')).toBe('com.example.beta')
  })

  it('a connector the modal is reconnecting stays in wagmi while an announcement replaces it, and wagmi follows its wallet', async () => {
    const provider = new FakeProvider({ accounts: [alice, bob], chainId: 31337 })
    provider.granted = true
    const page = createPage(provider)
    const adapter = new WagmiAdapter({ networks: [anvil, anvil2] })
    const memory = mapMemory()
    memory.setItem('pairwise:connector:eip155', 'injected')
    const held = provider.hold('eth_accounts')
    const kit = createKit({
      options: { networks: [anvil, anvil2], adapters: [adapter] },
      environment: { target: page, memory },
    })
    installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), provider)
    held.release()
    await kit.ready()
    const config = adapter.wagmiConfig
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: alice })
    expect(getConnectors(config).map((c) => c.id)).toEqual(['injected', 'com.example.alpha'])
    provider.selectAccount(bob)
    await expect.poll(() => getAccount(config).address).toBe(bob)
  })
})
