import { SwitchChainError, UserRejectedRequestError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { ChainNotConfiguredError, ProviderNotFoundError } from 'wagmi'
import type { Eip1193Provider } from '../../../modal/adapters/types.js'
import { type BridgeHost, bridgeConnector, connectedKey } from '../../../modal/wagmi/bridgeConnector.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import { alice, evmNetwork } from '../support/kit.js'
import { mapStorage } from '../support/wagmiStorage.js'

const networks = [evmNetwork(31337, 'http://127.0.0.1:9'), evmNetwork(31338, 'http://127.0.0.1:9')]
const info = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chainNamespace: 'eip155' } as const

/** The connector wagmi would get for `info`, over a host that hands out `provider` and records switches. */
function connectorOver(provider: Eip1193Provider | undefined, storage = mapStorage()) {
  const host: BridgeHost = {
    networks: () => networks,
    connectNow: () => Promise.reject(new Error('not used')),
    disconnectNow: () => Promise.resolve(),
    switchNow: vi.fn(() => Promise.resolve()),
    provider: () => provider,
  }
  const emit = vi.fn()
  const connector = bridgeConnector(info, host)({ chains: networks, emitter: { emit }, storage } as never)
  return { connector, host, emit }
}

describe('@pairwise/modal/wagmi bridge connector: what wagmi asks of it', () => {
  it('is authorized only with a provider that lists an account, once this app connected it', async () => {
    expect(await connectorOver(undefined).connector.isAuthorized()).toBe(false)
    const empty = new FakeProvider({ accounts: [], chainId: 31337 })
    expect(await connectorOver(empty).connector.isAuthorized()).toBe(false)
    const failing = new FakeProvider({ accounts: [alice], chainId: 31337 })
    failing.override('eth_accounts', () => {
      throw new Error('locked')
    })
    expect(await connectorOver(failing).connector.isAuthorized()).toBe(false)
    const granted = new FakeProvider({ accounts: [alice], chainId: 31337 })
    granted.granted = true
    // Granted to another page, or before a disconnect here: not this app's connection to restore.
    expect(await connectorOver(granted).connector.isAuthorized()).toBe(false)
    const storage = mapStorage()
    await storage.setItem(connectedKey(info.id), true)
    expect(await connectorOver(granted, storage).connector.isAuthorized()).toBe(true)
    expect(await connectorOver(granted).connector.getAccounts()).toEqual([alice])
  })

  it("answers for a wallet whose provider is gone with wagmi's ProviderNotFoundError, as wagmi's own connectors do", async () => {
    const { connector } = connectorOver(undefined)
    await expect(connector.getProvider()).rejects.toBeInstanceOf(ProviderNotFoundError)
    await expect(connector.getAccounts()).rejects.toBeInstanceOf(ProviderNotFoundError)
    await expect(connector.getChainId()).rejects.toBeInstanceOf(ProviderNotFoundError)
  })

  it('switches through the host to a configured network, tells wagmi, and refuses any other', async () => {
    const { connector, host, emit } = connectorOver(new FakeProvider({ accounts: [alice], chainId: 31337 }))
    const second = networks[1]!
    expect(await connector.switchChain!({ chainId: 31338 })).toBe(second)
    expect(host.switchNow).toHaveBeenCalledWith('injected', second)
    expect(emit).toHaveBeenCalledWith('change', { chainId: 31338 })
    const unconfigured = await connector.switchChain!({ chainId: 1 }).catch((error: unknown) => error)
    expect(unconfigured).toBeInstanceOf(SwitchChainError)
    expect((unconfigured as SwitchChainError).cause).toBeInstanceOf(ChainNotConfiguredError)
  })

  it("reports a failed switch as wagmi's injected connector does: a refusal as UserRejectedRequestError, anything else as SwitchChainError", async () => {
    const { connector, host } = connectorOver(new FakeProvider({ accounts: [alice], chainId: 31337 }))
    const failing = (error: Error) => vi.mocked(host.switchNow).mockRejectedValueOnce(error)
    failing(new WalletRpcError(walletErrorCodes.userRejected, 'User denied.'))
    await expect(connector.switchChain!({ chainId: 31338 })).rejects.toBeInstanceOf(UserRejectedRequestError)
    failing(new WalletRpcError(walletErrorCodes.unsupportedMethod, 'No switching here.'))
    await expect(connector.switchChain!({ chainId: 31338 })).rejects.toBeInstanceOf(SwitchChainError)
  })

  it('lists only addresses, checksummed, whatever case and junk the wallet answers with', async () => {
    const provider = new FakeProvider({ accounts: [], chainId: 31337 })
    provider.override('eth_accounts', () => [alice.toLowerCase(), 'not an address', 42])
    expect(await connectorOver(provider).connector.getAccounts()).toEqual([alice])
  })
})
