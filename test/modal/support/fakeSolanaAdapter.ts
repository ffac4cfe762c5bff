import type {
  AdapterContext,
  Balance,
  ChainAdapter,
  ConnectParams,
  ConnectResult,
  Eip1193Provider,
} from '../../../modal/adapters/types.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { ConnectorInfo } from '../../../modal/state/types.js'

export const solanaConnector: ConnectorInfo = {
  id: 'solflare',
  type: 'ANNOUNCED',
  name: 'Solflare',
  chainNamespace: 'solana',
}

/**
 * A second namespace for the controllers to keep apart from eip155. Pairwise ships no Solana adapter, so
 * this one holds a single wallet in memory: connect grants `address` unless `rejectNext` was called.
 */
export class FakeSolanaAdapter implements ChainAdapter {
  readonly namespace = 'solana' as const
  readonly switched: CaipNetwork[] = []
  readonly address = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2'
  #reject: Error | undefined

  setup(context: AdapterContext): () => void {
    context.emit({ type: 'connectors', connectors: this.connectors() })
    return () => {}
  }

  connectors(): ConnectorInfo[] {
    return [solanaConnector]
  }

  rejectNext(error: Error): void {
    this.#reject = error
  }

  async connect({ connectorId, network }: ConnectParams): Promise<ConnectResult> {
    const error = this.#reject
    this.#reject = undefined
    if (error) throw error
    return {
      connectorId,
      address: this.address,
      accounts: [this.address],
      network,
      walletInfo: { name: solanaConnector.name },
    }
  }

  async reconnect(_params: {
    connectorId: string
    network: CaipNetwork
  }): Promise<ConnectResult | undefined> {
    return undefined
  }

  async disconnect(_connectorId: string): Promise<void> {}

  async switchNetwork({ network }: { connectorId: string; network: CaipNetwork }): Promise<void> {
    this.switched.push(network)
  }

  async getBalance(): Promise<Balance> {
    return { balance: '1.5', symbol: 'SOL' }
  }

  getProvider(): Eip1193Provider | undefined {
    return undefined
  }
}
