import type { CaipNetwork, HostedRpc } from '@pairwise/modal/adapter'
import { rpcUrlFor, WalletError } from '@pairwise/modal/adapter'
import { createSolanaRpc } from '@solana/kit'

export type SolanaRpc = ReturnType<typeof createSolanaRpc>

/**
 * One RPC client per URL for an adapter instance, on the URL the EVM adapter's rule picks (rpcUrlFor): a
 * listed network through the hosted RPC the app configured, with its project id; else the network's own.
 */
export class SolanaRpcs {
  readonly #clients = new Map<string, SolanaRpc>()
  readonly #hosted: () => HostedRpc

  /** `hosted`: the app's project id and hosted RPC as they are now (the adapter's setup gives them later). */
  constructor(hosted: () => HostedRpc) {
    this.#hosted = hosted
  }

  for(network: CaipNetwork): SolanaRpc {
    const url = rpcUrlFor(network, this.#hosted())
    if (!url) throw new WalletError('RPC_URL_MISSING', undefined, network.caipNetworkId)
    let client = this.#clients.get(url)
    if (!client) {
      client = createSolanaRpc(url)
      this.#clients.set(url, client)
    }
    return client
  }
}
