import { ApiError } from '../http/apiError.js'
import { type ApiChain, type ApiChainConfig, apiChainSchema, caipNetworkIdOf } from './apiChain.js'

/** The chains one api serves, looked up by CAIP-2 id; anything else is UNSUPPORTED_NETWORK. */
export class ApiChains {
  private readonly byCaipId: ReadonlyMap<string, ApiChain>

  constructor(configs: readonly ApiChainConfig[]) {
    const chains = configs.map((config) => apiChainSchema.parse(config))
    this.byCaipId = new Map(chains.map((chain) => [caipNetworkIdOf(chain), chain]))
    if (this.byCaipId.size !== chains.length) throw new Error('a chain is configured twice')
  }

  /** The configured chain for `caipNetworkId`, or a 400 UNSUPPORTED_NETWORK. */
  get(caipNetworkId: string): ApiChain {
    const chain = this.byCaipId.get(caipNetworkId)
    if (!chain) throw new ApiError(400, 'UNSUPPORTED_NETWORK', `Unsupported network: ${caipNetworkId}`)
    return chain
  }

  list(): ApiChain[] {
    return [...this.byCaipId.values()]
  }
}
