import { explainIssue } from '@pairwise/common'
import { type ThemeVariables, themeValueChecks } from '@pairwise/common/theme'
import * as z from 'zod/mini'
import type { ChainAdapter } from '../adapters/types.js'
import { caipNetworkSchema } from '../networks/schema.js'
import type { CaipNetwork } from '../networks/types.js'
import type { SIWEConfig } from '../siwx/siweConfig.js'
import type { SIWXConfig } from '../siwx/types.js'

const metadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  url: z.string(),
  icons: z.array(z.string()),
})

const featuresSchema = z.partial(
  z.object({
    email: z.boolean(),
    socials: z.union([z.literal(false), z.array(z.string())]),
    swaps: z.boolean(),
    onramp: z.boolean(),
    analytics: z.boolean(),
    history: z.boolean(),
    allWallets: z.boolean(),
    connectMethodsOrder: z.array(z.enum(['email', 'social', 'wallet'])),
  }),
)

/**
 * A theme variable's value, in one of the forms it takes (@pairwise/common/theme): it goes into the modal's
 * stylesheet as written, so the app's config, like any input, is held to what a value of that name can be.
 */
const themeString = (name: keyof ThemeVariables) =>
  z.string().check(z.refine(themeValueChecks[name].accepts, themeValueChecks[name].expected))
const themeNumber = (name: keyof ThemeVariables) =>
  z
    .number()
    .check(
      z.refine((value) => themeValueChecks[name].accepts(String(value)), themeValueChecks[name].expected),
    )

export const themeVariablesSchema = z.partial(
  z.object({
    '--w3m-accent': themeString('--w3m-accent'),
    '--w3m-color-mix': themeString('--w3m-color-mix'),
    '--w3m-color-mix-strength': themeNumber('--w3m-color-mix-strength'),
    '--w3m-font-family': themeString('--w3m-font-family'),
    /** Pairwise's own: the face of addresses and URIs (AppKit has none; the system's monospace by default). */
    '--w3m-font-family-mono': themeString('--w3m-font-family-mono'),
    '--w3m-font-size-master': themeString('--w3m-font-size-master'),
    '--w3m-border-radius-master': themeString('--w3m-border-radius-master'),
    '--w3m-z-index': themeNumber('--w3m-z-index'),
    '--w3m-qr-color': themeString('--w3m-qr-color'),
  }),
)

/** The option names and shapes of AppKit 1.7's createAppKit, for what Pairwise supports, plus relayUrl and locale. */
export const optionsSchema = z.object({
  adapters: z.optional(
    z.array(z.custom<ChainAdapter>((a) => typeof a === 'object' && a !== null && 'namespace' in a)),
  ),
  networks: z.array(caipNetworkSchema).check(z.minLength(1, 'networks must name at least one network')),
  defaultNetwork: z.optional(caipNetworkSchema),
  projectId: z.optional(z.string()),
  metadata: z.optional(metadataSchema),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(themeVariablesSchema),
  features: z.optional(featuresSchema),
  enableEmbedded: z.optional(z.boolean()),
  enableReconnect: z.optional(z.boolean()),
  allowUnsupportedChain: z.optional(z.boolean()),
  manualWCControl: z.optional(z.boolean()),
  featuredWalletIds: z.optional(z.array(z.string())),
  includeWalletIds: z.optional(z.array(z.string())),
  excludeWalletIds: z.optional(z.array(z.string())),
  enableWalletConnect: z.optional(z.boolean()),
  enableInjected: z.optional(z.boolean()),
  enableEIP6963: z.optional(z.boolean()),
  debug: z.optional(z.boolean()),
  /** The WalletConnect relay; WalletConnect is offered only when one is configured (no vendor default). */
  relayUrl: z.optional(z.string().check(z.regex(/^wss?:\/\//, 'relayUrl must be a ws:// or wss:// URL'))),
  /** Where to fetch a wallet registry that replaces the bundled one. */
  walletRegistryUrl: z.optional(z.url()),
  /**
   * A verify service (such as the self-hosted api's root): each WalletConnect proposal and request is
   * registered there before it is sent, so wallets can check the page's origin. None by default: nothing
   * is registered and wallets see the origin as unverified.
   */
  verifyUrl: z.optional(z.url()),
  /**
   * A hosted JSON-RPC (`…?chainId=<caip2>&projectId=<id>`) to read the chains of the hosted list through,
   * such as a self-hosted api service's RPC proxy; none by default, so no vendor endpoint is called.
   */
  hostedRpcUrl: z.optional(z.url()),
  /**
   * The self-hosted api service (project configuration, balances, activity, NFTs); none by default, so
   * nothing is fetched and the local `features` apply.
   */
  apiUrl: z.optional(z.url()),
  /**
   * The embedded wallet (email login), `emailLogin({ authUrl })` from `@pairwise/modal/email`; without it there is
   * no email login, whatever `features` say.
   */
  embeddedWallet: z.optional(
    z.custom<EmbeddedWalletOption>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        'kind' in value &&
        value.kind === 'embeddedWallet' &&
        'attach' in value &&
        typeof value.attach === 'function',
    ),
  ),
  locale: z.optional(z.string()),
  /** Account names: `zone` is the parent they are registered under (default `pairwise.eth`). */
  names: z.optional(z.object({ zone: z.optional(z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/))) })),
  /** Sign-in with the wallet (AppKit 1.7's SIWXConfig); its code loads only when this or `siweConfig` is set. */
  siwx: z.optional(z.custom<SIWXConfig>(isSignInConfig)),
  /** AppKit's older sign-in config, mapped onto SIWX where sign-in loads. */
  siweConfig: z.optional(z.custom<SIWEConfig>(isSignInConfig)),
})

/**
 * The embedded wallet plug-in as the options know it, by its kind: its full type (EmbeddedWalletPlugin)
 * takes the modal context, which holds these options.
 */
export type EmbeddedWalletOption = { readonly kind: 'embeddedWallet' }

function isSignInConfig(value: unknown): boolean {
  return typeof value === 'object' && value !== null
}

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

/**
 * VAL-13, VAL-14: the schema checks' generic words, as AppKit's own show them: a missing field is
 * 'Required', a value matching none of a field's forms is 'Invalid input'; other issues say what was expected.
 */
export function explainOptionIssue(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required'
  if (issue.code === 'invalid_union') return 'Invalid input'
  return explainIssue(issue)
}

/** `value` read by `schema`, or an OptionsError naming `what` and the path of its first issue. */
function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = z.safeParse(schema, value, { error: explainOptionIssue })
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new OptionsError(`Invalid ${what}: ${issue?.path.join('.') || 'options'}: ${issue?.message}`)
}

/** Theme variables set on a running instance (`setThemeVariables`), held to what createAppKit's may be. */
export function parseThemeVariables(variables: unknown): z.output<typeof themeVariablesSchema> {
  return parseOrThrow(themeVariablesSchema, variables, 'theme variables')
}

export function resolveOptions(options: AppKitOptions): ResolvedOptions {
  const parsed = parseOrThrow(optionsSchema, options, 'createAppKit options')
  // ERR-45
  if (parsed.siwx && parsed.siweConfig) throw new OptionsError('Cannot set both siweConfig and siwx options')
  // Networks pass validation but keep the caller's objects (viem chains carry functions zod would drop).
  const { networks: _networks, defaultNetwork: _default, adapters: _adapters, ...rest } = parsed
  return {
    ...rest,
    networks: options.networks,
    ...(options.defaultNetwork ? { defaultNetwork: options.defaultNetwork } : {}),
    adapters: options.adapters ?? [],
  }
}
