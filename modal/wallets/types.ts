import { z } from 'zod'

export const registryWalletSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  rdns: z.string().optional(),
  homepage: z.string().url().optional(),
  imageUrl: z.string().optional(),
  mobile: z
    .object({
      native: z
        .string()
        .regex(/^[a-z][a-z0-9+.-]*:\/\//)
        .optional(),
      universal: z.string().url().optional(),
    })
    .optional(),
})

export const registrySchema = z.array(registryWalletSchema)
export type RegistryWallet = z.infer<typeof registryWalletSchema>
