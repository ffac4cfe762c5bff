import {
  buildApprovedNamespaces,
  type Cacao,
  getSdkError,
  httpVerifyResolver,
  type Logger,
  type LogLevel,
  type Metadata,
  type Proposal,
  parsePairingUri,
  type Session,
  SignClient,
  type SignClientEvents,
} from '@pairwise/engine'
import type { KeyValueStorage } from '@pairwise/storage'
import { devPrivateKeys, localNetwork } from 'pairwise'
import { type Address, createPublicClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { answerWalletRequest, WalletRequestError, walletEvents, walletMethods } from './walletMethods.js'
import { SignInRefused, signInCacaos } from './walletSignIn.js'

export type ExampleWalletOptions = {
  /** ws:// URL of a relay, e.g. one `npx pairwise relay` runs. */
  relayUrl: string
  /** HTTP JSON-RPC URL of the chain transactions go to; its chain is asked for at start. */
  rpcUrl: string
  /** The key the wallet signs with; Anvil's account 0 by default. */
  privateKey?: Hex
  /** More eip155 chains the wallet approves and switches to, as chain id → RPC URL. */
  chains?: Record<number, string>
  /** Where the wallet keeps its sessions; in memory by default. */
  storage?: KeyValueStorage
  logger?: LogLevel | 'silent' | Logger
  metadata?: Metadata
  /**
   * A verify service (such as the api's root) asked where each proposal and request comes from; their
   * `verifyContext` is UNKNOWN without one.
   */
  verifyUrl?: string
  /** Told of every session approved, sign-in answered and request answered or refused. */
  onActivity?: (activity: ExampleWalletActivity) => void
}

export type ExampleWalletActivity =
  | { type: 'session'; session: Session }
  | { type: 'rejected'; proposalId: number; reason: string }
  | { type: 'signedIn'; requestId: number; cacaos: Cacao[]; session: Session | undefined }
  | { type: 'signInRejected'; requestId: number; reason: string }
  | { type: 'request'; method: string; chainId: string; outcome: 'answered' }
  | { type: 'request'; method: string; chainId: string; outcome: 'refused'; code: number; message: string }

export type ExampleWallet = {
  /** The wallet's SignClient, for listening to its events or acting on its sessions. */
  client: SignClient
  address: Address
  /** The eip155 chains it approves, as CAIP-2 ids. */
  chains: string[]
  /**
   * Pairs with a `wc:` URI; resolves with the session once the dapp's proposal is approved and settled,
   * or its sign-in answered (undefined when the sign-in grants no methods).
   */
  pair(uri: string): Promise<Session | undefined>
  close(): Promise<void>
}

const defaultMetadata: Metadata = {
  name: 'Pairwise example wallet',
  description: 'A Node wallet that signs with a local key',
  url: 'https://wallet.pairwise.localhost',
  icons: [],
}

/**
 * The longest `pair()` waits for a proposal: the official pairing life. The client holds an unused
 * pairing no longer either, whatever later expiry its URI names.
 */
const PAIRING_WAIT_MS = 5 * 60_000

type Waiter = { resolve(session: Session | undefined): void; reject(error: Error): void }

/**
 * A WalletConnect wallet in Node: approves every proposal for the eip155 chains it knows, signs in
 * (SIWE, one CACAO per eip155 chain asked for), and answers personal_sign, eth_signTypedData_v4, eth_sendTransaction (sent with viem to the chain's RPC URL) and
 * wallet_switchEthereumChain.
 */
export async function startExampleWallet(options: ExampleWalletOptions): Promise<ExampleWallet> {
  const account = privateKeyToAccount(options.privateKey ?? devPrivateKeys[0])
  const firstChainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId()
  const networks = new Map(
    Object.entries({ ...options.chains, [firstChainId]: options.rpcUrl }).map(([id, url]) => [
      `eip155:${id}`,
      localNetwork(url, Number(id)),
    ]),
  )
  const chains = [...networks.keys()]
  const client = await SignClient.init({
    relayUrl: options.relayUrl,
    projectId: 'pairwise-example',
    metadata: options.metadata ?? defaultMetadata,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.verifyUrl ? { verifyResolver: httpVerifyResolver({ url: options.verifyUrl }) } : {}),
  })
  const report = options.onActivity ?? (() => {})
  const waiters = new Map<string, Waiter>()
  const supported = (granted: string[]) => ({
    eip155: {
      chains: granted,
      methods: [...walletMethods],
      events: [...walletEvents],
      accounts: granted.map((chain) => `${chain}:${account.address}`),
    },
  })

  async function approve(id: number, proposal: Proposal): Promise<void> {
    const waiter = waiters.get(proposal.pairingTopic)
    try {
      const namespaces = buildApprovedNamespaces({ proposal, supportedNamespaces: supported(chains) })
      if (namespaces.eip155 === undefined) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        throw new Error(`The dapp asked for none of ${chains.join(', ')}`)
      }
      const { acknowledged } = await client.approve({ id, namespaces })
      const session = await acknowledged()
      report({ type: 'session', session })
      waiter?.resolve(session)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      report({ type: 'rejected', proposalId: id, reason })
      waiter?.reject(new Error(`The proposal was not approved: ${reason}`))
    }
  }

  /** Answers a sign-in with CACAOs signed by its key; declines one for no eip155 chain (5100). */
  async function signIn({ id, topic, params }: SignClientEvents['session_authenticate']): Promise<void> {
    const waiter = waiters.get(topic)
    let cacaos: Cacao[]
    try {
      cacaos = await signInCacaos(client, account, params.authPayload)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const { code } = getSdkError(error instanceof SignInRefused ? 'UNSUPPORTED_CHAINS' : 'USER_REJECTED')
      await client.rejectSessionAuthenticate({ id, reason: { code, message: reason } })
      report({ type: 'signInRejected', requestId: id, reason })
      waiter?.reject(new Error(`The sign-in was not answered: ${reason}`))
      return
    }
    try {
      const { session } = await client.approveSessionAuthenticate({ id, auths: cacaos })
      report({ type: 'signedIn', requestId: id, cacaos, session })
      waiter?.resolve(session)
    } catch (error) {
      waiter?.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  /** Adds `chainId` to the session (the wallet's account on it) unless it is there; false for unknown chains. */
  async function switchTo(topic: string, chainId: number): Promise<boolean> {
    const chain = `eip155:${chainId}`
    if (!networks.has(chain)) return false
    const { namespaces } = client.session.get(topic)
    const current = namespaces.eip155
    if (current === undefined || current.accounts.includes(`${chain}:${account.address}`)) return true
    const { acknowledged } = await client.update({
      topic,
      namespaces: {
        ...namespaces,
        eip155: {
          ...current,
          chains: [...new Set([...(current.chains ?? []), chain])],
          accounts: [...current.accounts, `${chain}:${account.address}`],
        },
      },
    })
    await acknowledged()
    return true
  }

  async function answer({ id, topic, params }: SignClientEvents['session_request']): Promise<void> {
    const { method, params: args } = params.request
    const chain = networks.get(params.chainId)
    try {
      if (chain === undefined) throw new WalletRequestError(4901, `The wallet is not on ${params.chainId}`)
      const result = await answerWalletRequest(
        { account, chain, switchTo: (chainId) => switchTo(topic, chainId) },
        method,
        args,
      )
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
      report({ type: 'request', method, chainId: params.chainId, outcome: 'answered' })
    } catch (error) {
      const code = error instanceof WalletRequestError ? error.code : -32603
      const message = error instanceof Error ? error.message : String(error)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
      report({ type: 'request', method, chainId: params.chainId, outcome: 'refused', code, message })
    }
  }

  client.on('session_proposal', ({ id, params }) => void approve(id, params))
  client.on('session_request', (request) => void answer(request))
  client.on('session_authenticate', (request) => void signIn(request))

  return {
    client,
    address: account.address,
    chains,
    async pair(uri) {
      const { topic, expiryTimestamp } = parsePairingUri(uri)
      const settled = new Promise<Session | undefined>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The pairing expired before the dapp proposed a session or a sign-in')),
          // Capped as well because Node fires a timer of more than 24.8 days at once.
          expiryTimestamp === undefined
            ? PAIRING_WAIT_MS
            : Math.min(PAIRING_WAIT_MS, Math.max(0, expiryTimestamp * 1000 - Date.now())),
        )
        const done = () => {
          clearTimeout(timer)
          waiters.delete(topic)
        }
        waiters.set(topic, {
          resolve: (session) => {
            done()
            resolve(session)
          },
          reject: (error) => {
            done()
            reject(error)
          },
        })
      })
      await client.pair({ uri }).catch((error: unknown) => waiters.get(topic)?.reject(error as Error))
      return settled
    },
    close: () => client.close(),
  }
}
