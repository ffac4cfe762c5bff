import { createConnector } from 'wagmi'
import type { ConnectResult, Eip1193Provider } from '../adapters/types.js'
import { WalletError } from '../controllers/errors.js'
import type { EvmNetwork } from '../networks/types.js'
import type { ConnectorInfo } from '../state/types.js'

/** What a bridge needs from the adapter that owns the real connection. */
export type BridgeHost = {
  networks(): EvmNetwork[]
  connectNow(connectorId: string, reconnecting: boolean): Promise<ConnectResult>
  disconnectNow(connectorId: string): Promise<void>
  switchNow(connectorId: string, network: EvmNetwork): Promise<void>
  provider(connectorId: string): Eip1193Provider | undefined
}

export const bridgeConnectorType = 'pairwise'

/**
 * A wagmi connector that delegates to one of the modal's connectors, so wagmi's state and hooks and the
 * modal's state describe the same connection.
 */
export function bridgeConnector(info: ConnectorInfo, host: BridgeHost) {
  return createConnector<Eip1193Provider>((config) => {
    const provider = () => {
      const found = host.provider(info.id)
      if (!found) throw new WalletError('PROVIDER_NOT_FOUND', undefined, info.name)
      return found
    }
    const accounts = async () => {
      const found = await provider().request({ method: 'eth_accounts' })
      return (Array.isArray(found) ? found : []) as `0x${string}`[]
    }
    const networkOf = (chainId: number): EvmNetwork => {
      const network = host.networks().find((n) => Number(n.id) === chainId)
      if (!network) throw new WalletError('CHAIN_NOT_CONFIGURED')
      return network
    }
    return {
      id: info.id,
      name: info.name,
      type: bridgeConnectorType,
      ...(info.imageUrl ? { icon: info.imageUrl } : {}),
      ...(info.rdns ? { rdns: info.rdns } : {}),
      async setup() {},
      async connect(parameters) {
        const result = await host.connectNow(info.id, Boolean(parameters?.isReconnecting))
        const accounts = result.accounts as `0x${string}`[]
        const chainId = Number(result.network.id)
        // wagmi's own types make these two shapes conditional on withCapabilities; we return plain accounts.
        return { accounts, chainId } as never
      },
      async disconnect() {
        await host.disconnectNow(info.id)
      },
      getAccounts: accounts,
      async getChainId() {
        return Number(await provider().request({ method: 'eth_chainId' }))
      },
      async getProvider() {
        return provider()
      },
      async isAuthorized() {
        // No provider, a failed request and an empty list all mean not authorized.
        return (await accounts().catch(() => [])).length > 0
      },
      async switchChain({ chainId }) {
        const network = networkOf(chainId)
        await host.switchNow(info.id, network)
        config.emitter.emit('change', { chainId })
        return network
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: accounts as `0x${string}`[] })
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
