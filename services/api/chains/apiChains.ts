import { ApiError } from '../http/apiError.js'
import { type ApiChain, type ApiChainConfig, apiChainSchema, caipNetworkIdOf } from './apiChain.js'
import {
  type BitcoinApiChain,
  type BitcoinApiChainConfig,
  bitcoinApiChainSchema,
  bitcoinCaipNetworkIdOf,
} from './bitcoinApiChain.js'
import {
  type SolanaApiChain,
  type SolanaApiChainConfig,
  solanaApiChainSchema,
  solanaCaipNetworkIdOf,
} from './solanaApiChain.js'

/**
 * An EVM chain (by `chainId`), a Solana cluster (by `genesisHash`) or a Bitcoin network (by `genesisHash`
 * with the `esploraUrl` it is read from).
 */
export type AnyApiChainConfig = ApiChainConfig | SolanaApiChainConfig | BitcoinApiChainConfig

const unsupported = (caipNetworkId: string) =>
  new ApiError(400, 'UNSUPPORTED_NETWORK', `Unsupported network: ${caipNetworkId}`)

/** The chains one api serves, looked up by CAIP-2 id; anything else is UNSUPPORTED_NETWORK. */
export class ApiChains {
  private readonly byCaipId: ReadonlyMap<string, ApiChain>
  private readonly solanaByCaipId: ReadonlyMap<string, SolanaApiChain>
  private readonly bitcoinByCaipId: ReadonlyMap<string, BitcoinApiChain>

  constructor(configs: readonly AnyApiChainConfig[]) {
    const evm = configs.filter((config) => !('genesisHash' in config)).map((c) => apiChainSchema.parse(c))
    const solana = configs
      .filter((config) => 'genesisHash' in config && !('esploraUrl' in config))
      .map((config) => solanaApiChainSchema.parse(config))
    const bitcoin = configs
      .filter((config) => 'esploraUrl' in config)
      .map((config) => bitcoinApiChainSchema.parse(config))
    this.byCaipId = new Map(evm.map((chain) => [caipNetworkIdOf(chain), chain]))
    this.solanaByCaipId = new Map(solana.map((chain) => [solanaCaipNetworkIdOf(chain), chain]))
    this.bitcoinByCaipId = new Map(bitcoin.map((chain) => [bitcoinCaipNetworkIdOf(chain), chain]))
    if (this.byCaipId.size + this.solanaByCaipId.size + this.bitcoinByCaipId.size !== configs.length)
      throw new Error('a chain is configured twice')
  }

  /** The configured EVM chain for `caipNetworkId`, or a 400 UNSUPPORTED_NETWORK. */
  get(caipNetworkId: string): ApiChain {
    const chain = this.byCaipId.get(caipNetworkId)
    if (!chain) throw unsupported(caipNetworkId)
    return chain
  }

  /** The configured Solana cluster for `caipNetworkId` (`solana:…`), or a 400 UNSUPPORTED_NETWORK. */
  solana(caipNetworkId: string): SolanaApiChain {
    const chain = this.solanaByCaipId.get(caipNetworkId)
    if (!chain) throw unsupported(caipNetworkId)
    return chain
  }

  /** The configured Bitcoin network for `caipNetworkId` (`bip122:…`), or a 400 UNSUPPORTED_NETWORK. */
  bitcoin(caipNetworkId: string): BitcoinApiChain {
    const chain = this.bitcoinByCaipId.get(caipNetworkId)
    if (!chain) throw unsupported(caipNetworkId)
    return chain
  }

  /** The EVM chains. */
  list(): ApiChain[] {
    return [...this.byCaipId.values()]
  }

  solanaList(): SolanaApiChain[] {
    return [...this.solanaByCaipId.values()]
  }

  bitcoinList(): BitcoinApiChain[] {
    return [...this.bitcoinByCaipId.values()]
  }
}

/** Whether a CAIP-2 id names a Solana cluster (the routes answer those from the Solana RPC). */
export const isSolanaNetwork = (caipNetworkId: string) => caipNetworkId.startsWith('solana:')

/** Whether a CAIP-2 id names a Bitcoin network (the routes answer those from its Esplora API). */
export const isBitcoinNetwork = (caipNetworkId: string) => caipNetworkId.startsWith('bip122:')
