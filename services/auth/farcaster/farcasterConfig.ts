import { z } from 'zod'

/**
 * Sign In With Farcaster as this service runs it: the relay channels it keeps (its own `/v1/channel`
 * API), the domain and URI the sign-in message must name, the key Farcaster clients post with, and the
 * Optimism RPC its registries are read over (locally: the stack's Anvil with their stand-ins).
 */
export const farcasterConfigSchema = z.strictObject({
  /** The SIWE `domain` every sign-in message must carry (the host people see in their Farcaster app). */
  domain: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/, 'a host name, with a port if any'),
  /** The SIWE `uri` the channel asks for. */
  siweUri: z.url().max(300),
  /** The `X-Farcaster-Auth-Relay-Key` a Farcaster client must send to complete a channel. */
  relayKey: z.string().min(16).max(256),
  /** An Optimism RPC URL (the IdRegistry and KeyRegistry are read there, read calls only). */
  optimismRpcUrl: z.url(),
})

export type FarcasterConfigInput = z.input<typeof farcasterConfigSchema>
export type FarcasterConfig = z.output<typeof farcasterConfigSchema>
