import type { Address, Hex } from 'viem'
import * as z from 'zod/mini'

/**
 * What the secure frame shows before an unsafe request is approved. Amounts keep their exact value
 * (`value`, in the asset's smallest unit) beside the text the frame shows (`text`, with its symbol).
 */

const matching = <T extends string>(pattern: RegExp) =>
  z.custom<T>((value) => typeof value === 'string' && pattern.test(value), { error: `expected ${pattern}` })
const address = matching<Address>(/^0x[0-9a-fA-F]{40}$/)
const hexData = matching<Hex>(/^0x([0-9a-fA-F]{2})*$/)
const quantity = matching<Hex>(/^0x[0-9a-fA-F]{1,64}$/)

/** An `eth_sendTransaction` parameter as the host sends it; fields we don't read pass unchecked. */
export const transactionRequestSchema = z.object({
  to: z.optional(z.nullable(address)),
  data: z.optional(hexData),
  input: z.optional(hexData),
  value: z.optional(quantity),
  gas: z.optional(quantity),
  gasPrice: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
})
export type TransactionRequest = z.infer<typeof transactionRequestSchema>

export const amountSchema = z.object({ value: z.bigint(), text: z.string() })
export type Amount = z.infer<typeof amountSchema>

/** `known` is false when the contract did not answer `symbol()`/`decimals()`: symbol is its address. */
export const tokenSchema = z.object({
  address,
  symbol: z.string(),
  decimals: z.number(),
  known: z.boolean(),
})
export type Token = z.infer<typeof tokenSchema>

const argumentSchema = z.object({ name: z.string(), type: z.string(), value: z.string() })

export const decodedCallSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('nativeTransfer'), to: address, value: amountSchema }),
  z.object({ kind: z.literal('deploy'), value: amountSchema, dataBytes: z.number() }),
  z.object({
    kind: z.literal('erc20Transfer'),
    function: z.enum(['transfer', 'transferFrom']),
    token: tokenSchema,
    /** The account the tokens leave: the sender for `transfer`, the first argument for `transferFrom`. */
    owner: address,
    to: address,
    amount: amountSchema,
    value: amountSchema,
  }),
  z.object({
    kind: z.literal('erc20Approve'),
    token: tokenSchema,
    spender: address,
    /** `text` reads "Unlimited <symbol>" when `unlimited`. */
    amount: amountSchema,
    unlimited: z.boolean(),
    value: amountSchema,
  }),
  z.object({
    kind: z.literal('function'),
    to: address,
    name: z.string(),
    args: z.array(argumentSchema),
    value: amountSchema,
  }),
  z.object({
    kind: z.literal('unknown'),
    to: address,
    selector: hexData,
    dataBytes: z.number(),
    value: amountSchema,
  }),
])
export type DecodedCall = z.infer<typeof decodedCallSchema>

/** `asset` is 'native' or the token's address; `text` is signed ("−0.01 tETH", "+5 tUSD"). */
export const balanceChangeSchema = z.object({
  asset: z.union([z.literal('native'), address]),
  symbol: z.string(),
  decimals: z.number(),
  delta: z.bigint(),
  text: z.string(),
})
export type BalanceChange = z.infer<typeof balanceChangeSchema>

/** `message` is what to show: the `Error(string)` text, `Panic(0x11)`, `custom error 0x…`, or the node's words. */
export const revertReasonSchema = z.object({
  message: z.string(),
  selector: z.optional(hexData),
  data: z.optional(hexData),
})
export type RevertReason = z.infer<typeof revertReasonSchema>

export const feeSchema = z.object({
  /** The calls' own gas limits where they name them, else the gas the simulation used, else eth_estimateGas. */
  gas: z.bigint(),
  /** The transaction's maxFeePerGas, else its gasPrice, else the node's eth_gasPrice. */
  pricePerGas: z.bigint(),
  amount: amountSchema,
})
export type Fee = z.infer<typeof feeSchema>

/** What running the calls in order does to the account, or the first that would fail. */
export const outcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    /** 'simulated': eth_simulateV1 traced the transfers; 'estimated': read from the decoded calls. */
    source: z.enum(['simulated', 'estimated']),
    changes: z.array(balanceChangeSchema),
    fee: feeSchema,
    /** The native currency leaving the account at most: the values sent + fee. */
    total: amountSchema,
  }),
  z.object({
    status: z.literal('reverted'),
    /** Which call would fail, counted from 0 (always 0 for a single transaction). */
    call: z.number(),
    reason: revertReasonSchema,
  }),
])
export type Outcome = z.infer<typeof outcomeSchema>

export const transactionPreviewSchema = z.object({
  chainId: z.number(),
  from: address,
  call: decodedCallSchema,
  outcome: outcomeSchema,
})
export type TransactionPreview = z.infer<typeof transactionPreviewSchema>

/** A batch (EIP-5792 wallet_sendCalls): each call decoded, and the outcome of running all of them in order. */
export const callsPreviewSchema = z.object({
  chainId: z.number(),
  from: address,
  calls: z.array(decodedCallSchema),
  outcome: outcomeSchema,
})
export type CallsPreview = z.infer<typeof callsPreviewSchema>

export const typedDataFieldSchema = z.object({ path: z.string(), type: z.string(), value: z.string() })

export const signaturePreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    /** 'utf8': `text` is the decoded message; 'hex': it did not decode to printable text, `text` is the hex. */
    encoding: z.enum(['utf8', 'hex']),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('typedData'),
    domain: z.object({
      name: z.optional(z.string()),
      version: z.optional(z.string()),
      /** Absent when the signature is not bound to a chain. */
      chainId: z.optional(z.bigint()),
      verifyingContract: z.optional(address),
    }),
    primaryType: z.string(),
    fields: z.array(typedDataFieldSchema),
    /** More fields than the cap: the list stops there. */
    truncated: z.boolean(),
    /** Set when the message is an EIP-2612 `Permit`. */
    permit: z.optional(
      z.object({
        owner: address,
        spender: address,
        value: z.bigint(),
        unlimited: z.boolean(),
        nonce: z.bigint(),
        deadline: z.bigint(),
      }),
    ),
  }),
])
export type SignaturePreview = z.infer<typeof signaturePreviewSchema>
