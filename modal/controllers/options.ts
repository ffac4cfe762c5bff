import { z } from 'zod'
import type { ChainAdapter } from '../adapters/types.js'
import { caipNetworkSchema } from '../networks/schema.js'
import type { CaipNetwork } from '../networks/types.js'

const metadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  url: z.string(),
  icons: z.array(z.string()),
})

const featuresSchema = z
  .object({
    email: z.boolean(),
    socials: z.union([z.literal(false), z.array(z.string())]),
    swaps: z.boolean(),
    onramp: z.boolean(),
    analytics: z.boolean(),
    history: z.boolean(),
    allWallets: z.boolean(),
    connectMethodsOrder: z.array(z.enum(['email', 'social', 'wallet'])),
  })
  .partial()

export const themeVariablesSchema = z
  .object({
    '--w3m-accent': z.string(),
    '--w3m-color-mix': z.string(),
    '--w3m-color-mix-strength': z.number(),
    '--w3m-font-family': z.string(),
    '--w3m-font-size-master': z.string(),
    '--w3m-border-radius-master': z.string(),
    '--w3m-z-index': z.number(),
    '--w3m-qr-color': z.string(),
  })
  .partial()

/** The option names and shapes of AppKit 1.7's createAppKit, for what Pairwise supports, plus relayUrl and locale. */
export const optionsSchema = z.object({
  adapters: z
    .array(z.custom<ChainAdapter>((a) => typeof a === 'object' && a !== null && 'namespace' in a))
    .optional(),
  networks: z.array(caipNetworkSchema).min(1, 'networks must name at least one network'),
  defaultNetwork: caipNetworkSchema.optional(),
  projectId: z.string().optional(),
  metadata: metadataSchema.optional(),
  themeMode: z.enum(['light', 'dark']).optional(),
  themeVariables: themeVariablesSchema.optional(),
  features: featuresSchema.optional(),
  enableEmbedded: z.boolean().optional(),
  enableReconnect: z.boolean().optional(),
  allowUnsupportedChain: z.boolean().optional(),
  manualWCControl: z.boolean().optional(),
  featuredWalletIds: z.array(z.string()).optional(),
  includeWalletIds: z.array(z.string()).optional(),
  excludeWalletIds: z.array(z.string()).optional(),
  enableWalletConnect: z.boolean().optional(),
  enableInjected: z.boolean().optional(),
  enableEIP6963: z.boolean().optional(),
  debug: z.boolean().optional(),
  /** The WalletConnect relay; WalletConnect is offered only when one is configured (no vendor default). */
  relayUrl: z
    .string()
    .regex(/^wss?:\/\//, 'relayUrl must be a ws:// or wss:// URL')
    .optional(),
  /** Where to fetch a wallet registry that replaces the bundled one. */
  walletRegistryUrl: z.string().url().optional(),
  locale: z.string().optional(),
})

export type AppKitOptions = Omit<z.input<typeof optionsSchema>, 'networks' | 'defaultNetwork'> & {
  networks: [CaipNetwork, ...CaipNetwork[]] | CaipNetwork[]
  defaultNetwork?: CaipNetwork
}

export type ResolvedOptions = Omit<
  z.output<typeof optionsSchema>,
  'networks' | 'defaultNetwork' | 'adapters'
> & {
  networks: CaipNetwork[]
  defaultNetwork?: CaipNetwork
  adapters: ChainAdapter[]
}

export class OptionsError extends Error {
  override name = 'OptionsError'
}

export function resolveOptions(options: AppKitOptions): ResolvedOptions {
  const parsed = optionsSchema.safeParse(options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new OptionsError(
      `Invalid createAppKit options: ${issue?.path.join('.') || 'options'}: ${issue?.message}`,
    )
  }
  // Networks pass validation but keep the caller's objects (viem chains carry functions zod would drop).
  const { networks: _networks, defaultNetwork: _default, adapters: _adapters, ...rest } = parsed.data
  return {
    ...rest,
    networks: options.networks,
    ...(options.defaultNetwork ? { defaultNetwork: options.defaultNetwork } : {}),
    adapters: options.adapters ?? [],
  }
}
