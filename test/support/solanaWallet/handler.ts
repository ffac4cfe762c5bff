import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type Commitment,
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
} from '@solana/kit'
import { z } from 'zod'
import { WalletRpcError, walletErrorCodes } from '../testWallet.js'
import { createSignInMessageText } from './signInMessage.js'
import { type SolanaKey, signWireTransaction } from './signTransaction.js'

export type SolanaChain = 'solana:localnet' | 'solana:devnet' | 'solana:testnet' | 'solana:mainnet'
export type SolanaWalletPolicy = 'approve' | 'reject'
export type SolanaWalletCall = { method: string; params: unknown }
/** What crosses the page binding back: errors as data, because a thrown error loses its code there. */
export type SolanaBridgeReply = { result: unknown } | { error: { code: number; message: string } }

const bytes = z.base64().transform((text) => new Uint8Array(Buffer.from(text, 'base64')))
const chain = z.enum(['solana:localnet', 'solana:devnet', 'solana:testnet', 'solana:mainnet'])
const commitment = z.enum(['processed', 'confirmed', 'finalized'])
const sendOptions = z.object({
  preflightCommitment: commitment.optional(),
  commitment: commitment.optional(),
  skipPreflight: z.boolean().optional(),
  maxRetries: z.number().int().nonnegative().optional(),
  minContextSlot: z.number().int().nonnegative().optional(),
})
const request = z.object({ method: z.string(), params: z.unknown() })
const schemas = {
  'standard:connect': z.object({ silent: z.boolean().optional() }),
  'standard:disconnect': z.null(),
  'solana:signMessage': z.array(z.object({ account: z.string(), message: bytes })),
  'solana:signTransaction': z.array(
    z.object({
      account: z.string(),
      transaction: bytes,
      chain: chain.optional(),
      options: sendOptions.optional(),
    }),
  ),
  'solana:signAndSendTransaction': z.array(
    z.object({ account: z.string(), transaction: bytes, chain, options: sendOptions.optional() }),
  ),
  'solana:signIn': z.array(
    z.object({
      domain: z.string().optional(),
      address: z.string().optional(),
      statement: z.string().optional(),
      uri: z.string().optional(),
      version: z.string().optional(),
      chainId: z.string().optional(),
      nonce: z.string().optional(),
      issuedAt: z.string().optional(),
      expirationTime: z.string().optional(),
      notBefore: z.string().optional(),
      requestId: z.string().optional(),
      resources: z.array(z.string()).optional(),
    }),
  ),
} as const
type Method = keyof typeof schemas
type Params<M extends Method> = z.output<(typeof schemas)[M]>

/** An RPC failure with its cause (kit puts the transaction error there), as a wallet would show it. */
const describe = (error: unknown): string =>
  error instanceof Error
    ? error.cause === undefined
      ? error.message
      : `${error.message}: ${describe(error.cause)}`
    : String(error)
const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64')

function parse<M extends Method>(method: M, params: unknown): Params<M> {
  const result = schemas[method].safeParse(params)
  if (!result.success)
    throw new WalletRpcError(
      walletErrorCodes.invalidParams,
      `Invalid params for ${method}: ${result.error.issues[0]?.message}`,
    )
  return result.data as Params<M>
}

/**
 * The Node half of the Solana Wallet Standard test wallet: holds the key, answers each feature call the
 * page forwards (bytes as base64), asks its policy where a real wallet would prompt, and remembers which
 * origins the user approved for as long as it lives, so a reloaded page reconnects silently.
 */
export class SolanaWalletHandler {
  readonly calls: SolanaWalletCall[] = []
  private policy: SolanaWalletPolicy = 'approve'
  private readonly approvedOrigins = new Set<string>()

  constructor(
    private readonly key: SolanaKey,
    private readonly rpc: Partial<Record<SolanaChain, string>>,
  ) {}

  get address(): string {
    return this.key.address
  }

  get chains(): SolanaChain[] {
    return chain.options.filter((name) => this.rpc[name] !== undefined)
  }

  setPolicy(policy: SolanaWalletPolicy): void {
    this.policy = policy
  }

  /** Answers one forwarded call from a page at `origin` (taken from the frame, not from the page's word). */
  async handle(call: unknown, origin: string): Promise<SolanaBridgeReply> {
    try {
      const parsed = request.safeParse(call)
      if (!parsed.success) throw new WalletRpcError(-32600, 'Invalid request')
      const { method, params } = parsed.data
      this.calls.push({ method, params })
      return { result: await this.dispatch(method, params, origin) }
    } catch (error) {
      if (error instanceof WalletRpcError) return { error: { code: error.code, message: error.message } }
      return { error: { code: -32603, message: describe(error) } }
    }
  }

  private dispatch(method: string, params: unknown, origin: string): Promise<unknown> {
    switch (method) {
      case 'standard:connect':
        return this.connect(parse(method, params), origin)
      case 'standard:disconnect':
        parse(method, params)
        return Promise.resolve(null)
      case 'solana:signMessage':
        return this.signMessage(parse(method, params), origin)
      case 'solana:signTransaction':
        return this.signTransaction(parse(method, params), origin)
      case 'solana:signAndSendTransaction':
        return this.signAndSendTransaction(parse(method, params), origin)
      case 'solana:signIn':
        return this.signIn(parse(method, params), origin)
      default:
        throw new WalletRpcError(walletErrorCodes.unsupportedMethod, `Unsupported method ${method}`)
    }
  }

  /** Where a real wallet shows a prompt: the policy answers for the user. */
  private prompt(): void {
    if (this.policy === 'reject')
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
  }

  private requireAccount(origin: string, accounts: string[]): void {
    if (!this.approvedOrigins.has(origin))
      throw new WalletRpcError(walletErrorCodes.unauthorized, `${origin} is not connected to this wallet`)
    const other = accounts.find((account) => account !== this.key.address)
    if (other) throw new WalletRpcError(walletErrorCodes.unauthorized, `Unknown account ${other}`)
  }

  private requireChain(name: SolanaChain | undefined): void {
    if (name && this.rpc[name] === undefined)
      throw new WalletRpcError(walletErrorCodes.invalidParams, `Unsupported chain ${name}`)
  }

  private async connect({ silent }: Params<'standard:connect'>, origin: string) {
    if (!this.approvedOrigins.has(origin)) {
      if (silent) return { accounts: [] }
      this.prompt()
      this.approvedOrigins.add(origin)
    }
    return { accounts: [this.key.address] }
  }

  private async signMessage(inputs: Params<'solana:signMessage'>, origin: string) {
    this.requireAccount(
      origin,
      inputs.map((input) => input.account),
    )
    this.prompt()
    return inputs.map(({ message }) => ({
      signedMessage: base64(message),
      signature: base64(ed25519.sign(message, this.key.seed)),
      signatureType: 'ed25519',
    }))
  }

  private async signTransaction(inputs: Params<'solana:signTransaction'>, origin: string) {
    this.requireAccount(
      origin,
      inputs.map((input) => input.account),
    )
    for (const input of inputs) this.requireChain(input.chain)
    this.prompt()
    const encoder = getTransactionEncoder()
    return inputs.map(({ transaction }) => ({
      signedTransaction: base64(new Uint8Array(encoder.encode(signWireTransaction(this.key, transaction)))),
    }))
  }

  private async signAndSendTransaction(inputs: Params<'solana:signAndSendTransaction'>, origin: string) {
    this.requireAccount(
      origin,
      inputs.map((input) => input.account),
    )
    for (const input of inputs) this.requireChain(input.chain)
    this.prompt()
    const signed = inputs.map((input) => ({
      ...input,
      transaction: signWireTransaction(this.key, input.transaction),
    }))
    const results = []
    for (const { transaction, chain: name, options = {} } of signed) {
      const rpc = createSolanaRpc(this.rpc[name]!)
      const signature = await rpc
        .sendTransaction(getBase64EncodedWireTransaction(transaction), {
          encoding: 'base64',
          skipPreflight: options.skipPreflight,
          preflightCommitment: (options.preflightCommitment ?? options.commitment) as Commitment | undefined,
          maxRetries: options.maxRetries === undefined ? undefined : BigInt(options.maxRetries),
          minContextSlot: options.minContextSlot === undefined ? undefined : BigInt(options.minContextSlot),
        })
        .send()
      results.push({ signature: base64(new Uint8Array(getBase58Encoder().encode(signature))) })
    }
    return results
  }

  private async signIn(inputs: Params<'solana:signIn'>, origin: string) {
    const other = inputs.find((input) => input.address && input.address !== this.key.address)
    if (other) throw new WalletRpcError(walletErrorCodes.unauthorized, `Unknown account ${other.address}`)
    const pageHost = URL.canParse(origin) ? new URL(origin).host : ''
    if (!pageHost && inputs.some((input) => !input.domain))
      throw new WalletRpcError(walletErrorCodes.invalidParams, 'No domain to sign in to')
    this.prompt()
    this.approvedOrigins.add(origin)
    return inputs.map((input) => {
      const message = new TextEncoder().encode(
        createSignInMessageText({ ...input, domain: input.domain ?? pageHost, address: this.key.address }),
      )
      return {
        account: this.key.address,
        signedMessage: base64(message),
        signature: base64(ed25519.sign(message, this.key.seed)),
        signatureType: 'ed25519',
      }
    })
  }
}
