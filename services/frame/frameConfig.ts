import * as z from 'zod/mini'

/** Most tokens the frame looks for on one chain when asked for the account's assets. */
export const MAX_FRAME_TOKENS = 50

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

/** An ERC-20 token the frame's asset discovery reads the account's balance of. */
export const frameTokenSchema = z.strictObject({
  address,
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(255)),
})

/**
 * ERC-4337 on one chain: the EntryPoint v0.8 and the SimpleAccountFactory whose counterfactual account
 * the signed-in key owns, and the bundler its UserOperations go to. An entry without a bundler makes no
 * smart account network (app/smartAccount.ts): nothing could be sent from the account there.
 */
export const frameSmartAccountSchema = z.strictObject({
  entryPoint: address,
  simpleAccountFactory: address,
  bundlerUrl: z.optional(z.url()),
})
export type FrameSmartAccount = z.infer<typeof frameSmartAccountSchema>

/**
 * EIP-7702 on one chain: the account code (Simple7702Account of @account-abstraction/contracts 0.8) the
 * wallet's own address delegates to, so a wallet_sendCalls batch goes out as one transaction from that
 * address (app/batchCalls.ts). A chain without it has no batches in this wallet: the modal then sends the
 * calls one by one. Its RPC must take a state override in `eth_estimateGas` (geth, Anvil and the large
 * providers do): an account's first batch is estimated as if delegated, since nothing is signed before the
 * visitor approves.
 */
export const frameEip7702Schema = z.strictObject({ implementation: address })
export type FrameEip7702 = z.infer<typeof frameEip7702Schema>

/** One chain the frame signs for: the operator's list, so a host page cannot point it at another RPC. */
export const frameChainSchema = z.strictObject({
  chainId: z.number().check(z.int(), z.positive()),
  name: z.string(),
  rpcUrl: z.url(),
  nativeCurrency: z.strictObject({ symbol: z.string(), decimals: z.number().check(z.int(), z.minimum(0)) }),
  /** The tokens wallet_getAssets lists when the account holds them (EIP-7811 asset discovery). */
  tokens: z.optional(z.array(frameTokenSchema).check(z.maxLength(MAX_FRAME_TOKENS))),
  smartAccount: z.optional(frameSmartAccountSchema),
  eip7702: z.optional(frameEip7702Schema),
})
export type FrameChain = z.infer<typeof frameChainSchema>

/**
 * What the server writes into the frame page (a JSON tag, not a script: the page's CSP runs only its own
 * bundle). The allowed origins decide which host may open the channel, the same list `frame-ancestors` holds.
 */
export const frameConfigSchema = z.strictObject({
  projectId: z.string(),
  projectName: z.string(),
  allowedOrigins: z.array(z.string()),
  chains: z.array(frameChainSchema),
  /** The chains the project turned smart accounts on for (FRAME-13): offered where a chain also can. */
  smartAccountNetworks: z.array(z.number().check(z.int(), z.positive())),
  frameVersion: z.string(),
  enableLogger: z.boolean(),
})
export type FrameConfig = z.infer<typeof frameConfigSchema>

export const frameConfigTagId = 'pairwise-frame-config'
