import {
  type Chain,
  createWalletClient,
  type Hex,
  http,
  isAddressEqual,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem'
import { z } from 'zod'

/** The methods the example wallet answers, as it grants them in a session. */
export const walletMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
] as const
export const walletEvents = ['chainChanged', 'accountsChanged'] as const

/** An error the wallet answers a request with: EIP-1193 / EIP-1474 code and message. */
export class WalletRequestError extends Error {
  override readonly name = 'WalletRequestError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected hex')
// A number (value, gas, nonce, fee, chain id) needs a digit: BigInt('0x') throws, which would answer -32603.
const quantity = z.string().regex(/^0x[0-9a-fA-F]+$/, 'expected a hex quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address')
const PersonalSignParams = z.tuple([hex, address], z.unknown())
const TypedDataParams = z.tuple([
  address,
  z.union([
    z.string().transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected typed data as JSON' })
        return z.NEVER
      }
    }),
    z.record(z.string(), z.unknown()),
  ]),
])
// JSON carries a chain id as a number or as a hex or decimal string; viem hashes only a number or bigint.
const ChainIdSchema = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/, 'expected a chain id'),
])
const TypedDataSchema = z.object({
  domain: z.looseObject({ chainId: ChainIdSchema.optional() }).optional(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})
const TransactionParams = z.tuple([
  z.object({
    from: address,
    to: address.optional(),
    value: quantity.optional(),
    data: hex.optional(),
    input: hex.optional(),
    gas: quantity.optional(),
    nonce: quantity.optional(),
    gasPrice: quantity.optional(),
    maxFeePerGas: quantity.optional(),
    maxPriorityFeePerGas: quantity.optional(),
    chainId: ChainIdSchema.optional(),
  }),
])
const SwitchChainParams = z.tuple([z.object({ chainId: quantity })], z.unknown())

/** What answering one request needs: the key, the chain it is for, and how to add a chain to the session. */
export type WalletRequestContext = {
  account: PrivateKeyAccount
  chain: Chain
  /** Adds eip155 chain `chainId` to the session if the wallet knows it; false if it does not. */
  switchTo(chainId: number): Promise<boolean>
}

function parse<T>(schema: z.ZodType<T>, params: unknown, method: string): T {
  const parsed = schema.safeParse(params)
  if (!parsed.success)
    throw new WalletRequestError(-32602, `Invalid ${method} params: ${parsed.error.message}`)
  return parsed.data
}

function requireSigner(context: WalletRequestContext, from: string): void {
  if (!isAddressEqual(from as Hex, context.account.address))
    throw new WalletRequestError(4100, `This wallet holds ${context.account.address}, not ${from}`)
}

/**
 * `chainId` as a bigint, refused unless it is the request's chain: what a dapp signs or sends for
 * another chain could be spent there (a permit on mainnet asked for over a testnet session), or would
 * land here though the dapp meant it for that chain.
 */
function onRequestChain(context: WalletRequestContext, chainId: number | string): bigint {
  const id = BigInt(chainId)
  if (id !== BigInt(context.chain.id))
    throw new WalletRequestError(
      -32602,
      `Provided chainId ${chainId} must match the active chainId ${context.chain.id}`,
    )
  return id
}

/**
 * The domain with its chain id as a bigint, refused unless it is the request's chain; viem leaves a
 * string chain id out of the hash, which would bind the signature to no chain at all.
 */
function domainOnChain<T extends { chainId?: number | string | undefined }>(
  context: WalletRequestContext,
  domain: T,
): T | (Omit<T, 'chainId'> & { chainId: bigint }) {
  if (domain.chainId === undefined) return domain
  return { ...domain, chainId: onRequestChain(context, domain.chainId) }
}

type Transaction = z.infer<typeof TransactionParams>[0]

/** EIP-1559 fees if the dapp set them, a legacy gas price if it set that, else none (viem estimates). */
function feesOf(transaction: Transaction) {
  const { maxFeePerGas, maxPriorityFeePerGas, gasPrice } = transaction
  if (maxFeePerGas !== undefined)
    return {
      maxFeePerGas: BigInt(maxFeePerGas),
      ...(maxPriorityFeePerGas === undefined ? {} : { maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas) }),
    }
  return gasPrice === undefined ? {} : { gasPrice: BigInt(gasPrice) }
}

/** Answers one session request with the wallet's key, or throws a WalletRequestError. */
export async function answerWalletRequest(
  context: WalletRequestContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  switch (method) {
    case 'personal_sign': {
      const [message, from] = parse(PersonalSignParams, params, method)
      requireSigner(context, from)
      return context.account.signMessage({ message: { raw: message as Hex } })
    }
    case 'eth_signTypedData_v4': {
      const [from, data] = parse(TypedDataParams, params, method)
      requireSigner(context, from)
      const typedData = parse(TypedDataSchema, data, method)
      const { EIP712Domain: _domain, ...types } = typedData.types
      const domain = typedData.domain && domainOnChain(context, typedData.domain)
      // Parsed JSON cannot carry viem's static typed-data types; viem checks the message against `types`.
      return context.account.signTypedData({ ...typedData, domain, types } as unknown as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const [transaction] = parse(TransactionParams, params, method)
      requireSigner(context, transaction.from)
      // JSON-RPC leaves chainId out of a transaction; one a dapp does give must be the request's chain.
      if (transaction.chainId !== undefined) onRequestChain(context, transaction.chainId)
      const client = createWalletClient({
        account: context.account,
        chain: context.chain,
        transport: http(context.chain.rpcUrls.default.http[0]),
      })
      const data = (transaction.data ?? transaction.input) as Hex | undefined
      return client.sendTransaction({
        ...(transaction.to === undefined ? {} : { to: transaction.to as Hex }),
        ...(transaction.value === undefined ? {} : { value: BigInt(transaction.value) }),
        ...(data === undefined ? {} : { data }),
        ...(transaction.gas === undefined ? {} : { gas: BigInt(transaction.gas) }),
        ...(transaction.nonce === undefined ? {} : { nonce: Number(transaction.nonce) }),
        ...feesOf(transaction),
      } as Parameters<typeof client.sendTransaction>[0])
    }
    case 'wallet_switchEthereumChain': {
      const [{ chainId }] = parse(SwitchChainParams, params, method)
      if (!(await context.switchTo(Number(BigInt(chainId)))))
        throw new WalletRequestError(4902, `Unrecognized chain ${chainId}`)
      return null
    }
    default:
      throw new WalletRequestError(4200, `The example wallet does not support ${method}`)
  }
}
