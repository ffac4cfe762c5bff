import * as z from 'zod/mini'
import { chainNamespaces } from './types.js'

/** ENT-09/ENT-10: what `createAppKit({ networks })` accepts at its boundary. */
export const caipNetworkSchema = z
  .looseObject({
    id: z.union([z.int().check(z.nonnegative()), z.string().check(z.minLength(1))]),
    caipNetworkId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
    chainNamespace: z.enum(chainNamespaces),
    name: z.string().check(z.minLength(1)),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().check(z.minLength(1)),
      decimals: z.int().check(z.minimum(0)),
    }),
    // May be empty: a network read only through the app's hosted RPC (the presets) names no RPC of its own.
    rpcUrls: z.looseObject({ default: z.object({ http: z.array(z.url()) }) }),
    blockExplorers: z.optional(z.record(z.string(), z.looseObject({ name: z.string(), url: z.url() }))),
    testnet: z.optional(z.boolean()),
    assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
  })
  .check(
    z.refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, {
      message: 'caipNetworkId must be chainNamespace:id',
      path: ['caipNetworkId'],
    }),
  )
