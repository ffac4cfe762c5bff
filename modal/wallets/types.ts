import * as z from 'zod/mini'

/** Longest id or rdns of a registry wallet, as the api takes them (services/api/wallets/registryFile.ts). */
const MAX_REGISTRY_ID_LENGTH = 128

/**
 * A registry entry's shape. Its URLs are only strings here: each is checked on its own (core/safeUrl.ts) by
 * loadRegistry, so an unsafe homepage costs that link, not the wallet.
 */
export const registryWalletSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(MAX_REGISTRY_ID_LENGTH)),
  name: z.string().check(z.minLength(1)),
  rdns: z.optional(z.string().check(z.maxLength(MAX_REGISTRY_ID_LENGTH))),
  homepage: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  mobile: z.optional(
    z.object({
      native: z.optional(z.string()),
      universal: z.optional(z.string()),
    }),
  ),
})

export type RegistryWallet = z.infer<typeof registryWalletSchema>
