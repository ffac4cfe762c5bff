import { createSolanaRpc, createSolanaRpcSubscriptions } from '@solana/kit'
import { type LocalSolana, startSolanaChain } from '../../../services/solana/index.js'
import { freePortPair } from '../../support/ports.js'

export type TestSolana = LocalSolana & {
  rpc: ReturnType<typeof createSolanaRpc>
  subscriptions: ReturnType<typeof createSolanaRpcSubscriptions>
  /** One raw JSON-RPC call; answers the whole response body (result or error). */
  call(method: string, params?: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>
}

/** A local Solana chain with fixtures on a free port pair, with kit clients and a raw caller. */
export async function startTestSolana(options: { genesisHash?: string } = {}): Promise<TestSolana> {
  const chain = await startSolanaChain({ host: '127.0.0.1', port: await freePortPair(), ...options })
  let id = 0
  return {
    ...chain,
    rpc: createSolanaRpc(chain.rpcUrl),
    subscriptions: createSolanaRpcSubscriptions(chain.wsUrl),
    async call(method, params = []) {
      const response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      })
      return (await response.json()) as Awaited<ReturnType<TestSolana['call']>>
    },
  }
}
