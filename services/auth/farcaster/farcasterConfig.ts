import { z } from 'zod'
import { siweDomainSchema } from '../../farcasterRelay/protocol.js'

/**
 * Sign In With Farcaster as this service runs it: the relay it opens and watches channels on (Farcaster's,
 * https://relay.farcaster.xyz, in production: real Farcaster apps post only there; the local stack's
 * otherwise), the domain and URI the sign-in message must name, and the Optimism RPC its registries are
 * read over (locally: the stack's Anvil with their stand-ins).
 */
export const farcasterConfigSchema = z.strictObject({
  /** The SIWE `domain` every sign-in message must carry (the host people see in their Farcaster app). */
  domain: siweDomainSchema,
  /** The SIWE `uri` the channel asks for. */
  siweUri: z.url().max(300),
  /** The relay's base URL (its API is under `/v1`). */
  relayUrl: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  /** An Optimism RPC URL (the IdRegistry and KeyRegistry are read there, read calls only). */
  optimismRpcUrl: z.url({ protocol: /^https?$/ }),
  /** How long one call to the relay may take. */
  relayTimeoutMs: z.number().int().min(100).max(60_000).default(5000),
})

export type FarcasterConfigInput = z.input<typeof farcasterConfigSchema>
export type FarcasterConfig = z.output<typeof farcasterConfigSchema>
