import { type Address, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from 'wagmi'
import { evmAccounts } from '../adapters/eip155/walletValues.js'
import type { ConnectResult, Eip1193Provider } from '../adapters/types.js'
import { isUserRejection } from '../controllers/errors.js'
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
 * Set in wagmi's storage while this app holds a connection with a connector, from its connect to its
 * disconnect: wagmi's reconnect on load restores only those. A wallet that already granted another page
 * (or ignores the revoke of a disconnect) still answers eth_accounts, and must not connect by itself here.
 */
export const connectedKey = (connectorId: string) => `pairwise.${connectorId}.connected`

/**
 * Addresses as wagmi's own connectors hand them to the app: only addresses, checksummed, whatever case the
 * wallet used.
 */
export function wagmiAccounts(accounts: unknown): Address[] {
  return evmAccounts(accounts).map((account) => getAddress(account))
}

/** A refusal as wagmi's connectors raise it, so the app's `instanceof UserRejectedRequestError` holds. */
function asRejection(error: unknown): unknown {
  return isUserRejection(error) && !(error instanceof UserRejectedRequestError)
    ? new UserRejectedRequestError(error as Error)
    : error
}

/**
 * A wagmi connector that delegates to one of the modal's connectors, so wagmi's state and hooks and the
 * modal's state describe the same connection.
 */
export function bridgeConnector(info: ConnectorInfo, host: BridgeHost) {
  return createConnector<Eip1193Provider>((config) => {
    const provider = () => {
      const found = host.provider(info.id)
      // wagmi's own error, which apps written against wagmi test for (its getConnectorClient throws it too).
      if (!found) throw new ProviderNotFoundError()
      return found
    }
    const accounts = async () => wagmiAccounts(await provider().request({ method: 'eth_accounts' }))
    // The errors are wagmi's injected connector's, which apps written against wagmi test for.
    const switchTo = async (chainId: number): Promise<EvmNetwork> => {
      const network = host.networks().find((n) => Number(n.id) === chainId)
      if (!network) throw new SwitchChainError(new ChainNotConfiguredError())
      try {
        await host.switchNow(info.id, network)
      } catch (error) {
        throw isUserRejection(error) ? asRejection(error) : new SwitchChainError(error as Error)
      }
      config.emitter.emit('change', { chainId })
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
        try {
          const result = await host.connectNow(info.id, Boolean(parameters?.isReconnecting))
          await config.storage?.setItem(connectedKey(info.id), true)
          let chainId = Number(result.network.id)
          const requested = parameters?.chainId
          // As wagmi's injected connector does: a failed switch leaves the wallet's chain, a refused one fails.
          if (requested !== undefined && requested !== chainId)
            chainId = await switchTo(requested).then(
              (network) => Number(network.id),
              (error: unknown) => {
                if (isUserRejection(error)) throw error
                return chainId
              },
            )
          // wagmi's own types make these two shapes conditional on withCapabilities; we return plain accounts.
          return { accounts: wagmiAccounts(result.accounts), chainId } as never
        } catch (error) {
          throw asRejection(error)
        }
      },
      async disconnect() {
        await config.storage?.removeItem(connectedKey(info.id))
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
        if (!(await config.storage?.getItem(connectedKey(info.id)))) return false
        // No provider, a failed request and an empty list all mean not authorized.
        return (await accounts().catch(() => [])).length > 0
      },
      switchChain: ({ chainId }) => switchTo(chainId),
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: wagmiAccounts(accounts) })
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
