import { type Address, createWalletClient, type Hex, http, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SessionNamespaces } from '../../../engine/schemas/index.js'
import { localNetwork } from '../../../services/index.js'
import { inBackground } from './inBackground.js'
import type { Implementation, SignSide } from './sides.js'

/** Anvil's account 0: the key every Anvil chain funds, so transactions need no setup. */
export const walletAccount = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
export const LOCAL_CHAIN = 'eip155:31337'
export const walletMethods = ['personal_sign', 'eth_sendTransaction']
export const walletEvents = ['accountsChanged', 'chainChanged']
/** A personal_sign of this message is refused, as if the user clicked Reject. */
export const REJECTED_MESSAGE = toHex('Pairwise: the user rejects this')
export const USER_REJECTED = { code: 4001, message: 'User rejected request.' }

export function walletNamespaces(chains: string[] = [LOCAL_CHAIN]): SessionNamespaces {
  return {
    eip155: {
      chains,
      methods: walletMethods,
      events: walletEvents,
      accounts: chains.map((chain) => `${chain}:${walletAccount.address}`),
    },
  }
}

type TransactionRequest = { from?: Address; to: Address; value?: Hex; data?: Hex }

/**
 * Makes `wallet` behave as a user who accepts everything: it approves proposals with the wallet
 * namespaces, signs sign-in requests, signs `personal_sign` and signs and sends `eth_sendTransaction`
 * on the chain at `rpcUrl` (when given), all with Anvil's account 0.
 */
export function runWalletAgent(wallet: SignSide, implementation: Implementation, rpcUrl?: string): void {
  const chainClient = rpcUrl
    ? createWalletClient({ account: walletAccount, chain: localNetwork(rpcUrl), transport: http(rpcUrl) })
    : undefined

  wallet.on('session_proposal', ({ id }) => {
    inBackground(
      wallet.approve({ id, namespaces: walletNamespaces() }).then(({ acknowledged }) => acknowledged()),
    )
  })

  wallet.on('session_authenticate', ({ id, params }) => {
    const iss = `did:pkh:${params.authPayload.chains[0]}:${walletAccount.address}`
    const message = wallet.formatAuthMessage({ request: params.authPayload, iss })
    inBackground(
      walletAccount.signMessage({ message }).then((signature) =>
        wallet.approveSessionAuthenticate({
          id,
          auths: [implementation.buildAuthObject(params.authPayload, { t: 'eip191', s: signature }, iss)],
        }),
      ),
    )
  })

  wallet.on('session_request', ({ id, topic, params }) => {
    const answer = async (): Promise<Hex> => {
      const { method } = params.request
      if (method === 'personal_sign') {
        const [message] = params.request.params as [Hex]
        if (message === REJECTED_MESSAGE) throw USER_REJECTED
        return walletAccount.signMessage({ message: { raw: message } })
      }
      if (method === 'eth_sendTransaction' && chainClient) {
        const [transaction] = params.request.params as [TransactionRequest]
        return chainClient.sendTransaction({
          to: transaction.to,
          value: transaction.value === undefined ? undefined : BigInt(transaction.value),
          data: transaction.data,
        })
      }
      throw new Error(`the test wallet does not handle ${method}`)
    }
    inBackground(
      answer().then(
        (result) => wallet.respond({ topic, response: { id, jsonrpc: '2.0', result } }),
        (error: unknown) =>
          wallet.respond({
            topic,
            response: {
              id,
              jsonrpc: '2.0',
              error: error === USER_REJECTED ? USER_REJECTED : { code: 5000, message: String(error) },
            },
          }),
      ),
    )
  })
}
