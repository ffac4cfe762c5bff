import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { adapterFor, onConnected } from '../../../modal/controllers/connection.js'
import type { KeyValue } from '../../../modal/controllers/context.js'
import { WalletError } from '../../../modal/controllers/errors.js'
import { mapMemory } from '../../../modal/controllers/memory.js'
import { multiNamespace } from '../../../modal/controllers/multiNamespace.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { ConnectionStatus } from '../../../modal/state/types.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import { FakeSolanaAdapter } from '../support/fakeSolanaAdapter.js'
import {
  alice,
  anvilPair,
  bob,
  carol,
  createKit,
  evmNetwork,
  injectedKit,
  solanaDevnet,
  solanaMainnet,
  unreachableRpcUrl,
  until,
} from '../support/kit.js'
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

const rememberedKey = 'pairwise:connector:eip155'

function statusesOf(kit: AppKit): ConnectionStatus[] {
  const seen: ConnectionStatus[] = []
  kit.store.subscribe((state, previous) => {
    const status = state.connections.eip155?.status
    if (status && status !== previous.connections.eip155?.status) seen.push(status)
  })
  return seen
}

/** A page with three announced wallets (alpha holds carol, beta bob, gamma alice) and a kit on it. */
function walletsKit() {
  const alpha = new FakeProvider({ accounts: [carol], chainId: 31337 })
  const beta = new FakeProvider({ accounts: [bob], chainId: 31337 })
  const gamma = new FakeProvider({ accounts: [alice], chainId: 31337 })
  const page = createPage()
  installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), alpha)
  installAnnouncedWallet(page, walletInfo('Beta', 'com.example.beta'), beta)
  installAnnouncedWallet(page, walletInfo('Gamma', 'com.example.gamma'), gamma)
  const kit = createKit({ options: { networks: [anvil, anvil2] }, environment: { target: page } })
  return { kit, alpha, beta, gamma }
}

describe('connection status (§3)', () => {
  it('CONN-01 status is kept per namespace: connecting eip155 leaves solana unchanged', async () => {
    const solana = new FakeSolanaAdapter()
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    const kit = createKit({
      options: { networks: [anvil, solanaMainnet], adapters: [new Eip155Adapter(), solana] },
      environment: { target: createPage(provider) },
    })
    await kit.connect('solflare', solanaMainnet)
    expect(kit.store.get().connections.solana?.status).toBe('connected')
    await kit.connect('injected', anvil)
    await kit.disconnect('eip155')
    const { connections } = kit.store.get()
    expect(connections.eip155?.status).toBe('disconnected')
    expect(connections.solana?.status).toBe('connected')
    expect(connections.solana?.connections[0]?.accounts).toEqual([solana.address])
  })

  it('CONN-02 status moves among disconnected, connecting, connected and reconnecting only', async () => {
    const { kit, page, provider } = injectedKit({ options: { networks: [anvil] } })
    const seen = statusesOf(kit)
    await kit.connect('injected')
    await kit.disconnect()
    provider.override('eth_requestAccounts', () => {
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
    })
    await expect(kit.connect('injected')).rejects.toMatchObject({ code: 4001 })
    expect(seen).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'disconnected'])
    provider.granted = true
    const memory = mapMemory()
    memory.setItem(rememberedKey, 'injected')
    const reloaded = createKit({ options: { networks: [anvil] }, environment: { target: page, memory } })
    expect(reloaded.store.get().connections.eip155?.status).toBe('reconnecting')
    expect(reloaded.store.get().account.status).toBe('reconnecting')
    await reloaded.ready()
    expect(reloaded.store.get().connections.eip155?.status).toBe('connected')
  })

  it('CONN-03 a connect attempt sets its namespace to connecting', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    const wallet = provider.hold('eth_requestAccounts')
    const attempt = kit.connect('injected')
    expect(kit.store.get().connections.eip155?.status).toBe('connecting')
    expect(kit.store.get().account.status).toBe('connecting')
    wallet.release()
    await attempt
    expect(kit.store.get().connections.eip155?.status).toBe('connected')
  })

  it('CONN-04 a successful connect sets connected with address, caipAddress and wallet info', async () => {
    const provider = new FakeProvider({ accounts: [bob, alice], chainId: 31338 })
    const page = createPage()
    const info = walletInfo('Beta', 'com.example.beta')
    installAnnouncedWallet(page, info, provider)
    const kit = createKit({ options: { networks: [anvil, anvil2] }, environment: { target: page } })
    const result = await kit.connect('com.example.beta')
    const { account, connections, activeNetwork } = kit.store.get()
    expect(result).toMatchObject({ address: bob, connectorId: 'com.example.beta' })
    expect(connections.eip155?.status).toBe('connected')
    expect(account).toMatchObject({
      status: 'connected',
      address: bob,
      caipAddress: `eip155:31338:${bob}`,
      connectedWalletInfo: { name: 'Beta', icon: info.icon },
      balanceSymbol: 'tETH',
      addressExplorerUrl: `http://127.0.0.1:4000/address/${bob}`,
    })
    expect(activeNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(kit.getIsConnectedState()).toBe(true)
    await kit.getProvider()?.request({ method: 'eth_chainId' })
    expect(provider.methods().at(-1)).toBe('eth_chainId')
  })

  it('CONN-05 a failed connect returns to disconnected with no connection', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    const wallet = provider.hold('eth_requestAccounts')
    const attempt = kit.connect('injected')
    wallet.release({ error: new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.') })
    await expect(attempt).rejects.toMatchObject({ code: 4001 })
    expect(kit.store.get().connections.eip155?.status).toBe('disconnected')
    expect(kit.store.get().account.status).toBe('disconnected')
    expect(kit.getAddress()).toBeUndefined()
  })

  it('CONN-05 a failed connect returns to connected, keeping the current connection', async () => {
    const { kit, beta } = walletsKit()
    await kit.connect('com.example.alpha')
    beta.override('eth_requestAccounts', () => {
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
    })
    await expect(kit.connect('com.example.beta')).rejects.toMatchObject({ code: 4001 })
    const { connections, account } = kit.store.get()
    expect(connections.eip155?.status).toBe('connected')
    expect(account).toMatchObject({ status: 'connected', address: carol })
    expect(connections.eip155?.connections.map((c) => c.connectorId)).toEqual(['com.example.alpha'])
  })

  it('CONN-06 disconnecting the last connection gives disconnected and forgets the connector', async () => {
    const memory = mapMemory()
    const { kit } = injectedKit({ options: { networks: [anvil] }, environment: { memory } })
    await kit.connect('injected')
    expect(memory.getItem(rememberedKey)).toBe('injected')
    await kit.disconnect()
    const { connections, account } = kit.store.get()
    expect(connections.eip155).toEqual({ status: 'disconnected', connections: [] })
    expect(account.address).toBeUndefined()
    expect(account.status).toBe('disconnected')
    expect(kit.getIsConnectedState()).toBe(false)
    expect(memory.getItem(rememberedKey)).toBeNull()
  })

  it('CONN-07 disconnecting with other connections left makes the first remaining one current', async () => {
    const { kit } = walletsKit()
    await kit.connect('com.example.alpha')
    await kit.connect('com.example.beta')
    await kit.connect('com.example.gamma')
    expect(kit.getAddress()).toBe(alice)
    const order = () => kit.store.get().connections.eip155?.connections.map((c) => c.connectorId)
    expect(order()).toEqual(['com.example.gamma', 'com.example.beta', 'com.example.alpha'])
    await kit.disconnect()
    const { connections, account } = kit.store.get()
    expect(connections.eip155?.status).toBe('connected')
    expect(connections.eip155?.current).toBe(0)
    expect(order()).toEqual(['com.example.beta', 'com.example.alpha'])
    expect(account).toMatchObject({ status: 'connected', address: bob })
    expect(kit.context.memory.getItem(rememberedKey)).toBe('com.example.beta')
  })

  it("CONN-07 the remaining wallet is shown under its own name and icon, not the disconnected one's", async () => {
    const { kit } = walletsKit()
    await kit.connect('com.example.beta')
    await kit.connect('com.example.gamma')
    await kit.disconnect()
    const beta = walletInfo('Beta', 'com.example.beta')
    expect(kit.store.get().account).toMatchObject({
      address: bob,
      connectedWalletInfo: { name: 'Beta', icon: beta.icon },
    })
    expect(kit.getWalletInfo()).toEqual({ name: 'Beta', icon: beta.icon })
  })

  it('CONN-07 a wallet-side disconnect of the current wallet also falls back to the first remaining one', async () => {
    const { kit, gamma } = walletsKit()
    await kit.connect('com.example.alpha')
    await kit.connect('com.example.beta')
    await kit.connect('com.example.gamma')
    gamma.revokeFromWallet()
    expect(kit.getAddress()).toBe(bob)
    expect(kit.store.get().connections.eip155?.connections).toHaveLength(2)
  })

  it('CONN-08 address, caipAddress and the active network follow the wallet', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
    provider.selectAccount(bob)
    expect(kit.getAddress()).toBe(bob)
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${bob}`)
    provider.selectChain(31338)
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31338')
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${bob}`)
    expect(kit.store.get().connections.eip155?.connections[0]?.caipNetwork.id).toBe(31338)
  })
})

describe('balance follows the account (real chains)', () => {
  let chainA: ChainFixture
  let chainB: ChainFixture

  beforeAll(async () => {
    ;[chainA, chainB] = await Promise.all([startChainFixture(), startChainFixture({ chainId: 31338 })])
    await chainA.testClient.setBalance({ address: bob, value: 1234500000000000000000n })
    await chainB.testClient.setBalance({ address: bob, value: 7000000000000000000n })
  }, 60_000)

  afterAll(async () => {
    await Promise.all([chainA?.stop(), chainB?.stop()])
  })

  it('CONN-09 the balance is loaded again after an account change and after a network change', async () => {
    const networks = [evmNetwork(31337, chainA.rpcUrl), evmNetwork(31338, chainB.rpcUrl)]
    const { kit, provider } = injectedKit({ options: { networks } })
    await kit.connect('injected')
    const loaded = (balance: string) =>
      until(kit, (s) => !s.account.balanceLoading && s.account.balance === balance)
    expect((await loaded('10000')).account.balanceSymbol).toBe('tETH')
    provider.selectAccount(bob)
    expect(kit.store.get().account.balanceLoading).toBe(true)
    expect((await loaded('1234.5')).account.address).toBe(bob)
    provider.selectChain(31338)
    expect((await loaded('7')).activeNetwork?.caipNetworkId).toBe('eip155:31338')
  })

  it('BAL-05 an unreachable RPC shows Token Balance Unavailable and 0.00', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    const { account } = await until(kit, (s) => s.account.balanceError !== undefined, 10_000)
    expect(account).toMatchObject({ balance: '0.00', balanceError: 'Token Balance Unavailable' })
  })
})

describe('reconnect on reload', () => {
  it('restores the remembered connector without opening the modal', async () => {
    const memory = mapMemory()
    const { kit, page } = injectedKit({ options: { networks: [anvil] }, environment: { memory } })
    await kit.connect('injected')
    kit.destroy()
    const reloaded = createKit({ options: { networks: [anvil] }, environment: { target: page, memory } })
    const events: string[] = []
    reloaded.subscribeEvents((e) => events.push(e.data.event))
    await reloaded.ready()
    expect(reloaded.getAddress()).toBe(alice)
    expect(reloaded.store.get().connections.eip155?.status).toBe('connected')
    expect(reloaded.getState().open).toBe(false)
    expect(events).not.toContain('MODAL_OPEN')
  })

  it('restores an announced wallet by its rdns, and forgets a wallet that no longer grants accounts', async () => {
    const memory = mapMemory()
    const { kit, alpha } = walletsKit()
    await kit.connect('com.example.alpha')
    const page = createPage()
    installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), alpha)
    memory.setItem(rememberedKey, 'com.example.alpha')
    const reloaded = createKit({ options: { networks: [anvil] }, environment: { target: page, memory } })
    await reloaded.ready()
    expect(reloaded.getAddress()).toBe(carol)
    alpha.granted = false
    const revoked = createKit({ options: { networks: [anvil] }, environment: { target: page, memory } })
    await revoked.ready()
    expect(revoked.getAddress()).toBeUndefined()
    expect(revoked.store.get().connections.eip155?.status).toBe('disconnected')
    expect(memory.getItem(rememberedKey)).toBeNull()
  })

  it('does not reconnect when enableReconnect is false', async () => {
    const memory = mapMemory()
    const { kit, page } = injectedKit({ options: { networks: [anvil] }, environment: { memory } })
    await kit.connect('injected')
    const reloaded = createKit({
      options: { networks: [anvil], enableReconnect: false },
      environment: { target: page, memory },
    })
    await reloaded.ready()
    expect(reloaded.getAddress()).toBeUndefined()
  })
})

/** A Solana wallet that is still there after a reload: it grants the remembered connector again. */
class ReturningSolanaAdapter extends FakeSolanaAdapter {
  override reconnect(params: { connectorId: string; network: CaipNetwork }) {
    return this.connect(params)
  }
}

describe('instances of different projects on one origin, sharing its storage', () => {
  /**
   * A page with the Alpha (carol) and Beta (bob) wallets, both having granted the site its accounts before,
   * and the kits of `projectId` on it over `memory`.
   */
  const evmPage = () => {
    const granted = (account: string) =>
      Object.assign(new FakeProvider({ accounts: [account], chainId: 31337 }), { granted: true })
    const page = createPage()
    installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), granted(carol))
    installAnnouncedWallet(page, walletInfo('Beta', 'com.example.beta'), granted(bob))
    return (memory: KeyValue, projectId?: string) =>
      createKit({
        options: { networks: [anvil], ...(projectId ? { projectId } : {}) },
        environment: { target: page, memory },
      })
  }

  /** A Solana-only kit of `projectId` over `memory`, with the multi-namespace code that remembers the network. */
  const solanaKit = (memory: KeyValue, projectId?: string) =>
    createKit({
      options: {
        networks: [solanaMainnet, solanaDevnet],
        adapters: [Object.assign(new ReturningSolanaAdapter(), { multiNamespace })],
        ...(projectId ? { projectId } : {}),
      },
      environment: { memory },
    })

  it('each reconnects on reload to the wallet connected in it, not to the one the other connected last', async () => {
    const memory = mapMemory()
    const kitOf = evmPage()
    const one = kitOf(memory, 'project-one')
    const two = kitOf(memory, 'project-two')
    await Promise.all([one.ready(), two.ready()])
    await one.connect('com.example.alpha')
    await two.connect('com.example.beta')
    const oneReloaded = kitOf(memory, 'project-one')
    const twoReloaded = kitOf(memory, 'project-two')
    await Promise.all([oneReloaded.ready(), twoReloaded.ready()])
    expect(oneReloaded.getAddress()).toBe(carol)
    expect(twoReloaded.getAddress()).toBe(bob)
  })

  it('each comes back on reload to the network active in it, not to the one the other made active last', async () => {
    const memory = mapMemory()
    const one = solanaKit(memory, 'project-one')
    const two = solanaKit(memory, 'project-two')
    await Promise.all([one.ready(), two.ready()])
    await one.connect('solflare', solanaDevnet)
    await two.connect('solflare', solanaMainnet)
    const oneReloaded = solanaKit(memory, 'project-one')
    const twoReloaded = solanaKit(memory, 'project-two')
    await Promise.all([oneReloaded.ready(), twoReloaded.ready()])
    expect(oneReloaded.getCaipNetwork()?.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(twoReloaded.getCaipNetwork()?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
  })

  it('an instance without a project id remembers its wallet and network under the unscoped items, as before', async () => {
    const memory = mapMemory()
    const kit = solanaKit(memory)
    await kit.ready()
    await kit.connect('solflare', solanaDevnet)
    expect(memory.getItem('pairwise:connector:solana')).toBe('solflare')
    expect(memory.getItem('pairwise:activeNetwork')).toBe(solanaDevnet.caipNetworkId)
    const reloaded = solanaKit(memory)
    await reloaded.ready()
    expect(reloaded.getCaipNetwork()?.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
  })

  it("a wallet remembered before the upgrade is reconnected once, its item moved to the project's", async () => {
    const memory = mapMemory()
    memory.setItem(rememberedKey, 'com.example.alpha')
    const kit = evmPage()(memory, 'project-one')
    await kit.ready()
    expect(kit.getAddress()).toBe(carol)
    expect(memory.getItem(rememberedKey)).toBeNull()
    expect(memory.getItem('pairwise:connector:eip155:project-one')).toBe('com.example.alpha')
  })

  it('a project instance that has read its items before never takes those of an instance without a project id', async () => {
    const memory = mapMemory()
    const kitOf = evmPage()
    const project = kitOf(memory, 'project-one')
    await project.ready()
    const projectless = kitOf(memory)
    await projectless.ready()
    await projectless.connect('com.example.alpha')
    const projectReloaded = kitOf(memory, 'project-one')
    const projectlessReloaded = kitOf(memory)
    await Promise.all([projectReloaded.ready(), projectlessReloaded.ready()])
    expect(projectReloaded.getAddress()).toBeUndefined()
    expect(projectlessReloaded.getAddress()).toBe(carol)
  })

  it("a network remembered before the upgrade is restored once, its item moved to the project's", async () => {
    const memory = mapMemory()
    memory.setItem('pairwise:connector:solana', 'solflare')
    memory.setItem('pairwise:activeNetwork', solanaDevnet.caipNetworkId)
    const kit = solanaKit(memory, 'project-one')
    await kit.ready()
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(memory.getItem('pairwise:activeNetwork')).toBeNull()
    expect(memory.getItem('pairwise:activeNetwork:project-one')).toBe(solanaDevnet.caipNetworkId)
  })
})

describe('a connection the adapter made without the modal asking (wagmi connect or reconnect)', () => {
  const result = (network: CaipNetwork) => ({
    connectorId: 'injected',
    address: alice,
    accounts: [alice, bob],
    network,
    walletInfo: { name: 'Browser Wallet' },
  })

  it('is recorded as a modal connect is: connected, the account shown, remembered, CONNECT_SUCCESS', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] } })
    const events: string[] = []
    kit.subscribeEvents((e) => events.push(e.data.event))
    await onConnected(kit.context, 'eip155', result(anvil2), false)
    expect(kit.store.get().account).toMatchObject({
      status: 'connected',
      address: alice,
      caipAddress: `eip155:31338:${alice}`,
      connectedWalletInfo: { name: 'Browser Wallet' },
    })
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31338')
    expect(kit.context.memory.getItem(rememberedKey)).toBe('injected')
    expect(events).toContain('CONNECT_SUCCESS')
  })

  it('a restored one is connected and remembered but not announced as a new connect', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    const events: string[] = []
    kit.subscribeEvents((e) => events.push(e.data.event))
    await onConnected(kit.context, 'eip155', result(anvil), true)
    expect(kit.store.get().account).toMatchObject({ status: 'connected', address: alice })
    expect(kit.context.memory.getItem(rememberedKey)).toBe('injected')
    expect(events).not.toContain('CONNECT_SUCCESS')
  })
})

describe('wallet errors (§8)', () => {
  const expectWalletError = async (promise: Promise<unknown>, message: string) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(WalletError)
    expect((error as Error).message).toBe(message)
  }

  it('ERR-53 switching to a network the configuration lacks fails with Chain not configured', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await expectWalletError(kit.switchNetwork(anvil2), 'Chain not configured.')
    expect(kit.getCaipNetwork()?.id).toBe(31337)
  })

  it('ERR-54 connecting the current connector again fails with Connector already connected', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    const calls = provider.calls.length
    await expectWalletError(kit.connect('injected'), 'Connector already connected.')
    expect(provider.calls).toHaveLength(calls)
    expect(kit.store.get().connections.eip155?.status).toBe('connected')
  })

  it('ERR-55 disconnecting with no connection fails with Connector not connected', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await expectWalletError(kit.disconnect(), 'Connector not connected.')
  })

  it('ERR-56 a wallet that grants no account fails with Connector account not found', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    provider.accounts = []
    await expectWalletError(kit.connect('injected'), 'Connector account not found.')
    expect(kit.store.get().connections.eip155?.status).toBe('disconnected')
  })

  it('ERR-58 connecting while the namespace is reconnecting fails with Connector unavailable while reconnecting', async () => {
    const memory = mapMemory()
    memory.setItem(rememberedKey, 'com.example.late')
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    provider.granted = true
    const page = createPage(provider)
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: page, memory } })
    expect(kit.store.get().connections.eip155?.status).toBe('reconnecting')
    await expectWalletError(kit.connect('injected'), 'Connector unavailable while reconnecting.')
    installAnnouncedWallet(page, walletInfo('Late', 'com.example.late'), provider)
    await kit.ready()
    expect(kit.store.get().connections.eip155?.status).toBe('connected')
  })

  it('ERR-59 an injected connector with no provider in the page fails with Provider not found', async () => {
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: createPage() } })
    expect(kit.store.get().connectors).toEqual([])
    await expectWalletError(kit.connect('injected'), 'Provider not found.')
    expect(kit.store.get().connections.eip155?.status).toBe('disconnected')
  })

  it('ERR-64 a namespace with no adapter fails with Adapter for the namespace does not exist', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, solanaMainnet] } })
    await expectWalletError(kit.disconnect('solana'), 'Adapter for the namespace does not exist.')
    await expectWalletError(
      kit.connect('solflare', solanaMainnet),
      'Adapter for the namespace does not exist.',
    )
  })

  it('ERR-41 refreshing the balance with no account connected fails with No ActiveCaipAddress found', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await expectWalletError(kit.refreshBalance(), 'No ActiveCaipAddress found')
    await kit.connect('injected')
    await expect(kit.refreshBalance()).resolves.toBeUndefined()
    await kit.disconnect()
    await expectWalletError(kit.refreshBalance(), 'No ActiveCaipAddress found')
  })

  it('ERR-42 a namespace the modal has no handler for (polkadot, cosmos) fails with Unsupported chain namespace', async () => {
    const network = (chainNamespace: 'polkadot' | 'cosmos', id: string): CaipNetwork =>
      ({
        id,
        name: chainNamespace,
        chainNamespace,
        caipNetworkId: `${chainNamespace}:${id}`,
        nativeCurrency: { name: 'Coin', symbol: 'C', decimals: 10 },
        rpcUrls: { default: { http: ['https://rpc.example'] } },
      }) as unknown as CaipNetwork
    const polkadot = network('polkadot', '91b171bb158e2d3848fa23a9f1c25182')
    const cosmos = network('cosmos', 'cosmoshub-4')
    const { kit } = injectedKit({ options: { networks: [anvil, polkadot, cosmos] } })
    await expectWalletError(kit.connect('injected', polkadot), 'Unsupported chain namespace')
    await expectWalletError(kit.connect('injected', cosmos), 'Unsupported chain namespace')
    await expectWalletError(kit.disconnect('cosmos'), 'Unsupported chain namespace')
    expect(() => adapterFor(kit.context, 'polkadot')).toThrow(new WalletError('UNSUPPORTED_NAMESPACE'))
  })

  it('ERR-46 a modal core with neither an adapter nor WalletConnect fails with ConnectionControllerClient and NetworkControllerClient must be set', () => {
    expect(() => createKit({ options: { networks: [anvil], adapters: [] } })).toThrow(
      new WalletError('CLIENTS_MISSING'),
    )
    expect(new WalletError('CLIENTS_MISSING').message).toBe(
      'ConnectionControllerClient and NetworkControllerClient must be set',
    )
    expect(() => createKit({ options: { networks: [anvil] } })).not.toThrow()
  })

  it('ERR-65 a call that needs a namespace and gets none fails with namespace is required', () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    expect(() => adapterFor(kit.context, undefined)).toThrow(new WalletError('NAMESPACE_REQUIRED'))
    expect(new WalletError('NAMESPACE_REQUIRED').message).toBe('namespace is required.')
  })
})
