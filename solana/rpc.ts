import type { CaipNetwork } from '@pairwise/modal/adapter'
import { WalletError } from '@pairwise/modal/adapter'
import { createSolanaRpc } from '@solana/kit'

export type SolanaRpc = ReturnType<typeof createSolanaRpc>

/** One RPC client per URL for an adapter instance; the network's own RPC URL, as the app configured it. */
export class SolanaRpcs {
  readonly #clients = new Map<string, SolanaRpc>()

  for(network: CaipNetwork): SolanaRpc {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new WalletError('RPC_URL_MISSING', undefined, network.caipNetworkId)
    let client = this.#clients.get(url)
    if (!client) {
      client = createSolanaRpc(url)
      this.#clients.set(url, client)
    }
    return client
  }
}
