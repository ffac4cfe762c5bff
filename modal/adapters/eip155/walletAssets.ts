import * as z from 'zod/mini'
import { onChain } from '../../networks/chainIdHex.js'

/** Most assets one chain of a wallet_getAssets answer may list; a longer answer is refused. */
export const MAX_WALLET_ASSETS = 500

/** An asset's address: 'native' for the chain's coin, else its contract. */
export const assetAddressSchema = z.union([
  z.literal('native'),
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
])
/** A balance as hex text, at most 256 bits. */
export const hexQuantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
export const assetLabelSchema = z.string().check(z.maxLength(64))
export const assetDecimalsSchema = z.number().check(z.int(), z.minimum(0), z.maximum(255))

/** One EIP-7811 asset as a wallet answers it; metadata is optional there, and read only for these fields. */
const walletAssetSchema = z.object({
  address: assetAddressSchema,
  balance: hexQuantitySchema,
  type: z.string().check(z.maxLength(32)),
  metadata: z.optional(
    z.nullable(
      z.object({
        name: z.optional(assetLabelSchema),
        symbol: z.optional(assetLabelSchema),
        decimals: z.optional(assetDecimalsSchema),
      }),
    ),
  ),
})

export type WalletAsset = z.infer<typeof walletAssetSchema>

const walletAssetsAnswerSchema = z.record(
  z.string().check(z.maxLength(66)),
  z.array(walletAssetSchema).check(z.maxLength(MAX_WALLET_ASSETS)),
)

/**
 * The assets a wallet_getAssets answer lists for the chain `chainId` (hex); an answer keyed by chain ids
 * written another way (decimal, leading zeros) is matched too. Throws on an answer that is not EIP-7811's shape.
 */
export function walletAssetsOn(answer: unknown, chainId: string): WalletAsset[] {
  const parsed = z.safeParse(walletAssetsAnswerSchema, answer)
  if (!parsed.success)
    throw new TypeError(`wallet_getAssets: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return onChain(parsed.data, chainId) ?? []
}
