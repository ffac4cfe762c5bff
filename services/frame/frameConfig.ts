import * as z from 'zod/mini'

/** One chain the frame signs for: the operator's list, so a host page cannot point it at another RPC. */
export const frameChainSchema = z.strictObject({
  chainId: z.number().check(z.int(), z.positive()),
  name: z.string(),
  rpcUrl: z.url(),
  nativeCurrency: z.strictObject({ symbol: z.string(), decimals: z.number().check(z.int(), z.minimum(0)) }),
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
  frameVersion: z.string(),
  enableLogger: z.boolean(),
})
export type FrameConfig = z.infer<typeof frameConfigSchema>

export const frameConfigTagId = 'pairwise-frame-config'
