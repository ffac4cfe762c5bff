import { z } from 'zod'
import { chainNamespaces } from './types.js'

const url = z.string().url()

/** ENT-09/ENT-10: what `createAppKit({ networks })` accepts at its boundary. */
export const caipNetworkSchema = z
  .object({
    id: z.union([z.number().int().nonnegative(), z.string().min(1)]),
    caipNetworkId: z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/),
    chainNamespace: z.enum(chainNamespaces),
    name: z.string().min(1),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().min(1),
      decimals: z.number().int().min(0),
    }),
    rpcUrls: z.object({ default: z.object({ http: z.array(url).min(1) }) }).passthrough(),
    blockExplorers: z.record(z.string(), z.object({ name: z.string(), url }).passthrough()).optional(),
    testnet: z.boolean().optional(),
    assets: z.object({ imageId: z.string().optional(), imageUrl: z.string().optional() }).optional(),
  })
  .passthrough()
  .refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, {
    message: 'caipNetworkId must be chainNamespace:id',
    path: ['caipNetworkId'],
  })
