import { beforeAll, describe, expect, it } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { WalletError } from '../../../modal/controllers/errors.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
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
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

/** A kit connected through an injected wallet that is on Anvil and knows `walletChains` besides. */
async function connected(walletChains: number[] = []) {
  const setup = injectedKit({ options: { networks: [anvil, anvil2] }, walletChains })
  await setup.kit.connect('injected')
  return setup
}

const addChainParams = {
  chainId: '0x7a6a',
  chainName: 'Anvil 31338',
  nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
}

describe('switch network (§4)', () => {
  it('CHAIN-01 switching to the active network asks nothing and changes nothing', async () => {
    const { kit, provider } = await connected([31338])
    const calls = provider.calls.length
    const before = kit.store.get()
    await kit.switchNetwork(anvil)
    expect(provider.calls).toHaveLength(calls)
    expect(kit.store.get()).toBe(before)
  })

  it('CHAIN-02 switching to another network asks the wallet, then that network is active', async () => {
    const { kit, provider } = await connected([31338])
    const events: string[] = []
    kit.subscribeEvents((e) => events.push(e.data.event))
    await kit.switchNetwork(anvil2)
    expect(provider.calls.filter((c) => c.method.startsWith('wallet_'))).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
    expect(provider.chainId).toBe(31338)
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31338')
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${alice}`)
    expect(kit.store.get().connections.eip155?.connections[0]?.caipNetwork.id).toBe(31338)
    expect(events).toEqual(['SWITCH_NETWORK'])
  })

  it('CHAIN-02 with no wallet connected, choosing a network only changes the active one', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.switchNetwork(anvil2)
    expect(provider.calls).toEqual([])
    expect(kit.getState().selectedNetworkId).toBe('eip155:31338')
  })

  for (const code of [4902, 32603, -32603, 5000]) {
    it(`CHAIN-03 a switch failing with ${code} adds the chain with its parameters, then it is active`, async () => {
      const provider = new FakeProvider({
        accounts: [alice],
        chainId: 31337,
        unknownChainError: { code, message: 'Unrecognized chain' },
      })
      const kit = createKit({
        options: { networks: [anvil, anvil2] },
        environment: { target: createPage(provider) },
      })
      await kit.connect('injected')
      await kit.switchNetwork(anvil2)
      const add = provider.calls.find((c) => c.method === 'wallet_addEthereumChain')
      expect(add?.params).toEqual([
        {
          ...addChainParams,
          rpcUrls: anvil2.rpcUrls.default.http,
          blockExplorerUrls: ['http://127.0.0.1:4000'],
        },
      ])
      expect(provider.chains.has(31338)).toBe(true)
      expect(provider.chainId).toBe(31338)
      expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31338')
    })
  }

  it('CHAIN-03 a wallet that adds without switching is asked to switch again', async () => {
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337, switchAfterAdd: false })
    const kit = createKit({
      options: { networks: [anvil, anvil2] },
      environment: { target: createPage(provider) },
    })
    await kit.connect('injected')
    await kit.switchNetwork(anvil2)
    expect(provider.methods().filter((m) => m.startsWith('wallet_'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(provider.chainId).toBe(31338)
    expect(kit.getCaipNetwork()?.id).toBe(31338)
  })

  it('CHAIN-04 a switch refused with 4001 adds nothing and passes the error on', async () => {
    const { kit, provider } = await connected([31338])
    const refusal = new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
    provider.override('wallet_switchEthereumChain', () => {
      throw refusal
    })
    await expect(kit.switchNetwork(anvil2)).rejects.toBe(refusal)
    expect(provider.methods()).not.toContain('wallet_addEthereumChain')
    expect(kit.getCaipNetwork()?.id).toBe(31337)
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
  })

  it('CHAIN-05 when adding the chain also fails, the error is Chain is not supported', async () => {
    const { kit, provider } = await connected()
    const refusal = new WalletRpcError(walletErrorCodes.invalidParams, 'rpcUrls unreachable')
    provider.override('wallet_addEthereumChain', () => {
      throw refusal
    })
    const error = await kit.switchNetwork(anvil2).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletError)
    expect(error).toMatchObject({
      message: 'Chain is not supported',
      code: 'CHAIN_NOT_SUPPORTED',
      cause: refusal,
    })
    expect(kit.getCaipNetwork()?.id).toBe(31337)
  })

  it('CHAIN-06 a network of another namespace makes that namespace active with it', async () => {
    const solana = new FakeSolanaAdapter()
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337, chains: [31338] })
    const kit = createKit({
      options: {
        networks: [anvil, anvil2, solanaMainnet, solanaDevnet],
        adapters: [new Eip155Adapter(), solana],
      },
      environment: { target: createPage(provider) },
    })
    await kit.connect('injected')
    const calls = provider.calls.length
    await kit.switchNetwork(solanaMainnet)
    expect(kit.getState()).toMatchObject({
      activeChain: 'solana',
      selectedNetworkId: solanaMainnet.caipNetworkId,
    })
    expect(provider.calls).toHaveLength(calls)
    // No Solana wallet is connected: the active account is not eip155's.
    expect(kit.getCaipAddress()).toBeUndefined()
    expect(kit.getIsConnectedState()).toBe(false)
    await kit.connect('solflare')
    expect(kit.getCaipAddress()).toBe(`${solanaMainnet.caipNetworkId}:${solana.address}`)
    await kit.switchNetwork(solanaDevnet)
    expect(solana.switched).toEqual([solanaDevnet])
    expect(provider.calls).toHaveLength(calls)
    expect(kit.getCaipAddress()).toBe(`${solanaDevnet.caipNetworkId}:${solana.address}`)
    await kit.switchNetwork(anvil2)
    expect(kit.getState()).toMatchObject({ activeChain: 'eip155', selectedNetworkId: 'eip155:31338' })
    expect(provider.chainId).toBe(31338)
    expect(kit.getCaipAddress()).toBe(`eip155:31338:${alice}`)
  })

  it("CHAIN-06 back on a namespace, the account shows that namespace's wallet, never the other's", async () => {
    const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
    const page = createPage(provider)
    const kit = createKit({
      options: { networks: [anvil, solanaMainnet], adapters: [new Eip155Adapter(), new FakeSolanaAdapter()] },
      environment: { target: page },
    })
    await kit.connect('injected')
    // The injected wallet now announces itself, so its 'injected' connector is no longer listed.
    installAnnouncedWallet(page, walletInfo('Alpha', 'com.example.alpha'), provider)
    await kit.switchNetwork(solanaMainnet)
    await kit.connect('solflare')
    expect(kit.store.get().account.connectedWalletInfo?.name).toBe('Solflare')
    await kit.switchNetwork(anvil)
    expect(kit.getCaipAddress()).toBe(`eip155:31337:${alice}`)
    expect(kit.store.get().account.connectedWalletInfo).toEqual({ name: 'Browser Wallet' })
  })
})
