import { UserRejectedRequestError } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { cookieStorage, createStorage } from 'wagmi'
import { connect, disconnect, getConnection, getConnectors, switchChain } from 'wagmi/actions'
import type { EvmNetwork } from '../../../modal/networks/types.js'
import { WagmiAdapter } from '../../../modal/wagmi/index.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import { alice, anvilPair, bob, createKit, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage } from '../support/page.js'

let anvil: EvmNetwork
let anvil2: EvmNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function wagmiKit(wallet: { accounts: string[]; chainId: number } = { accounts: [alice], chainId: 31337 }) {
  const provider = new FakeProvider({ ...wallet, chains: [31337, 31338] })
  const adapter = new WagmiAdapter({ networks: [anvil, anvil2] })
  const kit = createKit({
    options: { networks: [anvil, anvil2], adapters: [adapter] },
    environment: { target: createPage(provider) },
  })
  return { kit, provider, config: adapter.wagmiConfig }
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
