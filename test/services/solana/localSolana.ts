import {
  type Address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'
import { type LocalSolana, solanaTestKey, startSolanaChain } from '../../../services/solana/index.js'
import { freePortPair } from '../../support/ports.js'

export type TestSolana = LocalSolana & {
  rpc: Rpc<SolanaRpcApi>
  subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>
  /** One raw JSON-RPC call; answers the whole response body (result or error). */
  call(
    method: string,
    params?: unknown[],
  ): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>
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

/** A kit signer for solanaTestKey(index). */
export function testSigner(index: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(solanaTestKey(index).seed)
}

/** A v0 transaction from `payer` with `instructions`, signed, on the chain's latest blockhash. */
export async function signedTransaction(
  chain: TestSolana,
  payer: TransactionSigner,
  instructions: readonly Instruction[],
): Promise<{
  wire: Base64EncodedWireTransaction
  signature: string
  transaction: Awaited<ReturnType<typeof signTransactionMessageWithSigners>>
}> {
  const { value: lifetime } = await chain.rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  return {
    wire: getBase64EncodedWireTransaction(transaction),
    signature: getSignatureFromTransaction(transaction),
    transaction,
  }
}

/** A fresh address nobody has funded. */
export async function freshAddress(): Promise<Address> {
  return (await generateKeyPairSigner()).address
}
