import { beforeAll, describe, expect, it } from 'vitest'
import { disconnect, getConnection, switchChain } from 'wagmi/actions'
import type { EvmNetwork } from '../../../modal/networks/types.js'
import { WagmiAdapter } from '../../../modal/wagmi/index.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, anvilPair, createKit, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage } from '../support/page.js'

let anvil: EvmNetwork
let anvil2: EvmNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function wagmiKit() {
  const provider = new FakeProvider({ accounts: [alice], chainId: 31337, chains: [31338] })
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
})
