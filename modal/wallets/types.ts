import * as z from 'zod/mini'

export const registryWalletSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  rdns: z.optional(z.string()),
  homepage: z.optional(z.url()),
  imageUrl: z.optional(z.string()),
  mobile: z.optional(
    z.object({
      native: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9+.-]*:\/\//))),
      universal: z.optional(z.url()),
    }),
  ),
})

export const registrySchema = z.array(registryWalletSchema)
export type RegistryWallet = z.infer<typeof registryWalletSchema>
