import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { watchAnnouncedWallets } from '../../../modal/adapters/eip155/discovery.js'
import {
  type Eip155Adapter,
  injectedDetectionMs,
  revokeTimeoutMs,
} from '../../../modal/adapters/eip155/eip155Adapter.js'
import type {
  WalletConnectSession,
  WalletConnectTransport,
} from '../../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../../modal/controllers/connection.js'
import { mapMemory } from '../../../modal/controllers/memory.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import {
  alice,
  anvilPair,
  bob,
  createKit,
  injectedKit,
  solanaMainnet,
  unreachableRpcUrl,
} from '../support/kit.js'
import { announce, createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

afterEach(() => {
  vi.useRealTimers()
})

const rememberedKey = 'pairwise:connector:eip155'
const alpha = walletInfo('Alpha', 'com.example.alpha')

function kitOn(page: EventTarget, options: { enableInjected?: boolean; enableEIP6963?: boolean } = {}) {
  return createKit({ options: { networks: [anvil, anvil2], ...options }, environment: { target: page } })
}

describe('eip155 adapter: discovery', () => {
  it('lists wallets announced before and after start with their name, icon and rdns', () => {
    const page = createPage()
    installAnnouncedWallet(page, alpha, new FakeProvider({ accounts: [alice], chainId: 31337 }))
    const kit = kitOn(page)
    expect(kit.store.get().connectors).toEqual([
      {
        id: 'com.example.alpha',
        type: 'ANNOUNCED',
        name: 'Alpha',
        imageUrl: alpha.icon,
        rdns: 'com.example.alpha',
        chainNamespace: 'eip155',
      },
    ])
    announce(page, walletInfo('Beta', 'com.example.beta'), new FakeProvider({ accounts: [bob], chainId: 1 }))
    expect(kit.store.get().connectors.map((c) => c.name)).toEqual(['Alpha', 'Beta'])
  })

  it('lists one wallet per rdns, and ignores malformed announcements', async () => {
    const page = createPage()
    const kit = kitOn(page)
    const first = new FakeProvider({ accounts: [alice], chainId: 31337 })
    announce(page, alpha, first)
    announce(
      page,
      { ...alpha, uuid: 'another', name: 'Alpha again' },
      new FakeProvider({ accounts: [], chainId: 1 }),
    )
    page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'No rdns' } } }))
    page.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: walletInfo('No provider', 'x.y'), provider: {} },
      }),
    )
    expect(kit.store.get().connectors.map((c) => c.name)).toEqual(['Alpha'])
    const adapter = kit.context.adapters.get('eip155') as Eip155Adapter
    await adapter.getProvider('com.example.alpha')?.request({ method: 'eth_chainId' })
    expect(first.methods()).toEqual(['eth_chainId'])
  })

  it('an injected wallet that also announces itself is listed once, under its announced name', () => {
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    const page = createPage(provider)
    const kit = kitOn(page)
    expect(kit.store.get().connectors.map((c) => [c.id, c.type])).toEqual([['injected', 'INJECTED']])
    announce(page, alpha, provider)
    expect(kit.store.get().connectors.map((c) => [c.id, c.type])).toEqual([
      ['com.example.alpha', 'ANNOUNCED'],
    ])
  })

  it('a connected injected wallet that announces itself later can still be switched and disconnected', async () => {
    const { kit, page, provider } = injectedKit({
      options: { networks: [anvil, anvil2] },
      walletChains: [31338],
    })
    await kit.connect('injected')
    announce(page, alpha, provider)
    expect(kit.store.get().connectors.map((c) => c.id)).toEqual(['com.example.alpha'])
    await kit.getProvider()?.request({ method: 'eth_chainId' })
    expect(provider.methods().at(-1)).toBe('eth_chainId')
    await kit.switchNetwork(anvil2)
    expect(provider.chainId).toBe(31338)
    await kit.disconnect()
    expect(provider.granted).toBe(false)
    expect(kit.getAddress()).toBeUndefined()
  })

  it('a different injected wallet stays listed beside the announced ones', () => {
    const page = createPage(new FakeProvider({ accounts: [bob], chainId: 31337 }))
    installAnnouncedWallet(page, alpha, new FakeProvider({ accounts: [alice], chainId: 31337 }))
    expect(
      kitOn(page)
        .store.get()
        .connectors.map((c) => c.type),
    ).toEqual(['INJECTED', 'ANNOUNCED'])
  })

  it('enableEIP6963 false ignores announcements; enableInjected false ignores window.ethereum', () => {
    const page = createPage(new FakeProvider({ accounts: [bob], chainId: 31337 }))
    installAnnouncedWallet(page, alpha, new FakeProvider({ accounts: [alice], chainId: 31337 }))
    expect(
      kitOn(page, { enableEIP6963: false })
        .store.get()
        .connectors.map((c) => c.id),
    ).toEqual(['injected'])
    expect(
      kitOn(page, { enableInjected: false })
        .store.get()
        .connectors.map((c) => c.id),
    ).toEqual(['com.example.alpha'])
  })

  it('stops listening to the page and the wallet when destroyed', async () => {
    const { kit, page, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    expect(provider.listenerCount('accountsChanged')).toBe(1)
    kit.destroy()
    expect(provider.listenerCount('accountsChanged')).toBe(0)
    announce(page, alpha, new FakeProvider({ accounts: [alice], chainId: 31337 }))
    expect(kit.store.get().connectors.map((c) => c.id)).toEqual(['injected'])
  })
})

describe('EIP-6963 discovery', () => {
  it('keeps the first announcement of an rdns and reports each new wallet once', () => {
    const page = createPage()
    const seen: string[][] = []
    const stop = watchAnnouncedWallets(page, (wallets) => seen.push(wallets.map((w) => w.name)))
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    announce(page, alpha, provider)
    announce(page, { ...alpha, name: 'Alpha again' }, provider)
    announce(page, walletInfo('Beta', 'com.example.beta'), provider)
    stop()
    announce(page, walletInfo('Gamma', 'com.example.gamma'), provider)
    expect(seen).toEqual([['Alpha'], ['Alpha', 'Beta']])
  })

  it('asks the page for announcements when it starts', () => {
    const page = createPage()
    let asked = 0
    page.addEventListener('eip6963:requestProvider', () => asked++)
    watchAnnouncedWallets(page, () => {})
    expect(asked).toBe(1)
  })
})

describe('eip155 adapter: connect and disconnect', () => {
  it('a wallet on a chain the app lacks is asked to switch to the requested network on connect', async () => {
    const provider = new FakeProvider({ accounts: [alice], chainId: 4660, chains: [31337, 31338] })
    const kit = createKit({
      options: { networks: [anvil, anvil2] },
      environment: { target: createPage(provider) },
    })
    const result = await kit.connect('injected', anvil2)
    expect(result.network.caipNetworkId).toBe('eip155:31338')
    expect(provider.chainId).toBe(31338)
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${alice}`)
  })

  it('asks the wallet for its chain while the visitor approves, so approval connects with no further wallet call', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    const approval = provider.hold('eth_requestAccounts')
    const connecting = kit.connect('injected')
    await vi.waitFor(() => expect(provider.methods()).toEqual(['eth_requestAccounts', 'eth_chainId']))
    approval.release()
    expect((await connecting).network.caipNetworkId).toBe('eip155:31337')
    expect(provider.methods()).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it('a network picked in the wallet while it asks for approval wins over the chain it reported before', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] }, walletChains: [31338] })
    const approval = provider.hold('eth_requestAccounts')
    const connecting = kit.connect('injected')
    await vi.waitFor(() => expect(provider.methods()).toContain('eth_requestAccounts'))
    provider.selectChain(31338)
    approval.release()
    expect((await connecting).network.caipNetworkId).toBe('eip155:31338')
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${alice}`)
  })

  it('a wallet that fails the early chain question is asked again once it shares its accounts', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    provider.override('eth_chainId', () => {
      throw new WalletRpcError(4100, 'Unauthorized')
    })
    const approval = provider.hold('eth_requestAccounts')
    const connecting = kit.connect('injected')
    await vi.waitFor(() => expect(provider.methods()).toContain('eth_chainId'))
    provider.override('eth_chainId', () => '0x7a6a')
    approval.release()
    expect((await connecting).network.caipNetworkId).toBe('eip155:31338')
    expect(provider.methods()).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_chainId'])
  })

  it('disconnect revokes the permission and stops following the wallet', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await kit.disconnect()
    expect(provider.calls.at(-1)).toEqual({
      method: 'wallet_revokePermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(provider.granted).toBe(false)
    expect(provider.listenerCount('chainChanged')).toBe(0)
    provider.selectAccount(bob)
    expect(kit.getAddress()).toBeUndefined()
  })

  it('CONST-08 disconnect waits at most 100 ms for a wallet that never answers the revoke', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    expect(revokeTimeoutMs).toBe(100)
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    provider.override('wallet_revokePermissions', () => new Promise(() => {}))
    let finished = false
    const done = kit.disconnect().then(() => {
      finished = true
    })
    await vi.advanceTimersByTimeAsync(99)
    expect(finished).toBe(false)
    expect(kit.getAddress()).toBe(alice)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(finished).toBe(true)
    expect(kit.getAddress()).toBeUndefined()
  })

  it('CONST-08 a wallet that answers the revoke at once does not hold disconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    let finished = false
    void kit.disconnect().then(() => {
      finished = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(finished).toBe(true)
  })
})

describe('eip155 adapter: what a wallet says is read as addresses and chain ids', () => {
  const markup = '<img src=x onerror=alert(1)>'

  it('connects with the addresses among the accounts a wallet answers, and not at all when none is one', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    provider.override('eth_requestAccounts', () => [markup, { evil: true }, bob, '../../phish#'])
    await kit.connect('injected')
    expect(kit.store.get().connections.eip155?.connections[0]?.accounts).toEqual([bob])
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${bob}`)
    const other = injectedKit({ options: { networks: [anvil] } })
    other.provider.override('eth_requestAccounts', () => [markup])
    await expect(other.kit.connect('injected')).rejects.toMatchObject({ code: 'CONNECTOR_ACCOUNT_NOT_FOUND' })
    expect(other.kit.getAddress()).toBeUndefined()
  })

  it('keeps at most 100 of the accounts a wallet lists', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    const many = Array.from({ length: 150 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
    provider.override('eth_requestAccounts', () => many)
    await kit.connect('injected')
    expect(kit.store.get().connections.eip155?.connections[0]?.accounts).toEqual(many.slice(0, 100))
  })

  it('an accounts change naming no address disconnects, as an empty one does; its addresses are kept otherwise', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    for (const given of ['abc', [{ evil: true }], ['../../phish#']]) {
      await kit.connect('injected')
      provider.emit('accountsChanged', given)
      expect(kit.getAddress()).toBeUndefined()
    }
    await kit.connect('injected')
    provider.emit('accountsChanged', [markup, bob])
    expect(kit.getAddress()).toBe(bob)
  })

  it('a chain change that is no chain id is ignored, and a decimal or hex one is followed', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    for (const given of ['not-a-chain', '0x', '-1', 0, 1.5, { id: 31338 }])
      provider.emit('chainChanged', given)
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
    provider.emit('chainChanged', '31338')
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${alice}`)
    provider.emit('chainChanged', '0x7a69')
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
  })
})

describe('eip155 adapter: waiting for a remembered wallet', () => {
  function reloadRemembering(rdns: string) {
    const memory = mapMemory()
    memory.setItem(rememberedKey, rdns)
    const page = createPage()
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: page, memory } })
    let restored = false
    void kit.ready().then(() => {
      restored = true
    })
    return { kit, page, memory, restored: () => restored }
  }

  it('CONST-09 a remembered wallet that never announces itself is given up after 1000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    expect(injectedDetectionMs).toBe(1000)
    const { kit, memory, restored } = reloadRemembering('com.example.alpha')
    await vi.advanceTimersByTimeAsync(999)
    expect(restored()).toBe(false)
    expect(kit.store.get().connections.eip155?.status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1)
    expect(restored()).toBe(true)
    expect(kit.store.get().connections.eip155?.status).toBe('disconnected')
    expect(memory.getItem(rememberedKey)).toBeNull()
  })

  it('CONST-09 a remembered wallet announcing itself within the wait is restored at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { kit, page, restored } = reloadRemembering('com.example.alpha')
    await vi.advanceTimersByTimeAsync(600)
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    provider.granted = true
    announce(page, alpha, provider)
    await vi.advanceTimersByTimeAsync(0)
    expect(restored()).toBe(true)
    expect(kit.getAddress()).toBe(alice)
    expect(kit.store.get().account.connectedWalletInfo).toEqual({ name: 'Alpha', icon: alpha.icon })
  })
})

describe('eip155 adapter: WalletConnect', () => {
  function fakeTransport(session: WalletConnectSession) {
    const provider = new FakeProvider({ accounts: session.accounts, chainId: session.chainId })
    const calls: string[] = []
    const transport: WalletConnectTransport = {
      provider,
      request: (args) => provider.request(args),
      restore: async () => {
        calls.push('restore')
        return undefined
      },
      connect: async ({ networks, onUri }) => {
        calls.push(`connect ${networks.map((n) => n.id).join(',')}`)
        onUri('wc:topic@2?relay-protocol=irn&symKey=00')
        provider.granted = true
        return session
      },
      disconnect: async () => {
        calls.push('disconnect')
      },
    }
    return { transport, calls, provider }
  }

  it('offers WalletConnect when a transport is configured, shows its URI and connects as the peer', async () => {
    const { transport, calls, provider } = fakeTransport({
      accounts: [bob],
      chainId: 31338,
      peer: { name: 'Phone Wallet' },
    })
    const kit = createKit({
      options: { networks: [anvil, anvil2] },
      environment: { target: createPage(), walletConnect: async () => transport },
    })
    expect(kit.store.get().connectors).toEqual([
      { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chainNamespace: 'eip155' },
    ])
    const uris: string[] = []
    const result = await connect(kit.context, {
      connectorId: 'walletConnect',
      onUri: (uri) => uris.push(uri),
    })
    expect(uris).toEqual(['wc:topic@2?relay-protocol=irn&symKey=00'])
    expect(calls).toEqual(['connect 31337,31338'])
    expect(result.walletInfo).toEqual({ name: 'Phone Wallet' })
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${bob}`)
    await kit.getProvider()?.request({ method: 'eth_chainId' })
    expect(provider.methods().at(-1)).toBe('eth_chainId')
    await kit.disconnect()
    expect(calls.at(-1)).toBe('disconnect')
    expect(kit.getAddress()).toBeUndefined()
  })

  it('a session whose accounts hold no EVM address connects nothing', async () => {
    const { transport } = fakeTransport({
      accounts: ['<svg/onload=alert(1)>'],
      chainId: 31337,
      peer: { name: 'Odd Wallet' },
    })
    const kit = createKit({
      options: { networks: [anvil] },
      environment: { target: createPage(), walletConnect: async () => transport },
    })
    await expect(connect(kit.context, { connectorId: 'walletConnect' })).rejects.toMatchObject({
      code: 'CONNECTOR_ACCOUNT_NOT_FOUND',
    })
    expect(kit.getAddress()).toBeUndefined()
  })

  it("a peer whose name may not be shown as a wallet's (hidden characters, blank, too long) is handed to the app as WalletConnect", async () => {
    for (const name of ['Meta\u202eksaM', 'Meta\u200bMask', '  ', 'x'.repeat(65)]) {
      const { transport } = fakeTransport({ accounts: [bob], chainId: 31337, peer: { name } })
      const kit = createKit({
        options: { networks: [anvil] },
        environment: { target: createPage(), walletConnect: async () => transport },
      })
      const names: unknown[] = []
      kit.subscribeEvents(({ data }) => data.event === 'CONNECT_SUCCESS' && names.push(data.properties))
      const result = await connect(kit.context, { connectorId: 'walletConnect' })
      expect(result.walletInfo).toEqual({ name: 'WalletConnect' })
      expect(kit.store.get().account.connectedWalletInfo).toEqual({ name: 'WalletConnect' })
      expect(names).toEqual([{ method: 'walletConnect', name: 'WalletConnect' }])
    }
  })

  it('ERR-43 WalletConnect with none of the eip155 chains it supports configured fails with The connector does not support any of the requested chains', async () => {
    const { transport, calls } = fakeTransport({
      accounts: [bob],
      chainId: 31337,
      peer: { name: 'Phone Wallet' },
    })
    const kit = createKit({
      options: { networks: [solanaMainnet], adapters: [] },
      environment: { target: createPage(), walletConnect: async () => transport },
    })
    await expect(kit.connect('walletConnect', anvil)).rejects.toMatchObject({
      code: 'NO_COMMON_CHAINS',
      message: 'The connector does not support any of the requested chains',
    })
    expect(calls).toEqual([])
  })

  it('offers no WalletConnect when enableWalletConnect is false, even with a transport', () => {
    const { transport } = fakeTransport({ accounts: [bob], chainId: 31337, peer: { name: 'Phone Wallet' } })
    const kit = createKit({
      options: { networks: [anvil], enableWalletConnect: false },
      environment: { target: createPage(), walletConnect: async () => transport },
    })
    expect(kit.store.get().connectors).toEqual([])
  })
})

describe('eip155 adapter: wallet calls (§7)', () => {
  const adapterOf = (kit: ReturnType<typeof createKit>) => kit.context.adapters.get('eip155') as Eip155Adapter

  it('CALL-08 capabilities, assets, account lookup, chain lookup, switch and add chain reach the wallet by their RPC names', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    const capabilities = { '0x7a69': { atomic: { status: 'supported' } } }
    provider.override('wallet_getCapabilities', () => capabilities)
    provider.override('personal_sign', () => `0x${'11'.repeat(65)}`)
    expect(await adapterOf(kit).getCapabilities({ connectorId: 'injected', address: alice })).toEqual(
      capabilities,
    )
    const assets = { '0x7a69': [{ address: 'native', balance: '0x1', type: 'native' }] }
    provider.override('wallet_getAssets', () => assets)
    expect(await adapterOf(kit).getAssets('injected', alice, '0x7a69')).toEqual(assets)
    await adapterOf(kit).signMessage({
      connectorId: 'injected',
      address: alice,
      network: anvil,
      message: 'm',
    })
    await kit.switchNetwork(anvil2)
    const seen = (method: string) => provider.calls.filter((c) => c.method === method)
    expect(seen('wallet_getCapabilities')).toEqual([{ method: 'wallet_getCapabilities', params: [alice] }])
    expect(seen('wallet_getAssets')).toEqual([
      { method: 'wallet_getAssets', params: [{ account: alice, chainFilter: ['0x7a69'] }] },
    ])
    expect(seen('eth_accounts').length).toBeGreaterThan(0)
    expect(seen('eth_chainId').length).toBeGreaterThan(0)
    expect(seen('wallet_switchEthereumChain')[0]?.params).toEqual([{ chainId: '0x7a6a' }])
    expect(seen('wallet_addEthereumChain')[0]?.params).toMatchObject([
      { chainId: '0x7a6a', chainName: anvil2.name },
    ])
    expect(provider.chainId).toBe(31338)
  })

  it('CALL-09 the permission calls reach the wallet as wallet_requestPermissions, wallet_revokePermissions and wallet_grantPermissions', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    for (const method of ['wallet_requestPermissions', 'wallet_grantPermissions'])
      provider.override(method, (params) => ({ answered: method, params }))
    const adapter = adapterOf(kit)
    const permissions = { eth_accounts: {} }
    expect(await adapter.requestPermissions('injected', permissions)).toEqual({
      answered: 'wallet_requestPermissions',
      params: [permissions],
    })
    await adapter.revokePermissions('injected', permissions)
    const grant = { chainId: '0x7a69', expiry: 60, permissions: [] }
    expect(await adapter.grantPermissions('injected', grant)).toEqual({
      answered: 'wallet_grantPermissions',
      params: [grant],
    })
    expect(provider.calls.slice(-3)).toEqual([
      { method: 'wallet_requestPermissions', params: [permissions] },
      { method: 'wallet_revokePermissions', params: [permissions] },
      { method: 'wallet_grantPermissions', params: [grant] },
    ])
  })

  it('ERR-60 a wallet that cannot switch chain programmatically fails with no programmatic chain switching', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    provider.override('wallet_switchEthereumChain', () => {
      throw new WalletRpcError(walletErrorCodes.unsupportedMethod, 'The method is not supported.')
    })
    await expect(kit.switchNetwork(anvil2)).rejects.toMatchObject({
      code: 'SWITCH_CHAIN_NOT_SUPPORTED',
      message: 'This wallet does not support programmatic chain switching.',
    })
    expect(provider.methods()).not.toContain('wallet_addEthereumChain')
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe(anvil.caipNetworkId)
  })

  it('ERR-63 unparsable wallet capabilities fail with Error parsing wallet capabilities', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    const answers: unknown[] = ['{"0x7a69": {}}', 'not json {', 42, null, ['0x1']]
    provider.override('wallet_getCapabilities', () => answers.shift())
    const read = () => adapterOf(kit).getCapabilities({ connectorId: 'injected', address: alice })
    expect(await read()).toEqual({ '0x7a69': {} })
    for (let i = 0; i < 4; i++)
      await expect(read()).rejects.toMatchObject({
        code: 'CAPABILITIES_UNPARSABLE',
        message: 'Error parsing wallet capabilities.',
      })
  })

  it('ERR-44 connecting through wallet-connect with no wallet-connect connector fails with WalletConnectorConnector not found', async () => {
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: createPage() } })
    expect(kit.store.get().connectors.map((c) => c.id)).not.toContain('walletConnect')
    await expect(kit.connect('walletConnect')).rejects.toMatchObject({
      code: 'WALLETCONNECT_NOT_FOUND',
      message: 'WalletConnectorConnector not found',
    })
  })
})
