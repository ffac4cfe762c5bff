import * as z from 'zod/mini'
import {
  assetAddressSchema,
  assetDecimalsSchema,
  assetLabelSchema,
  hexQuantitySchema,
} from './walletAssets.js'

/**
 * Spec §3 wallet-assets response entry (ENT-03): one token of a wallet_getAssets answer in the form AppKit
 * reads, its type ERC20 or NATIVE and its metadata complete. The native coin's address is 'native' and a
 * token's is its contract.
 */
export const walletAssetEntrySchema = z
  .object({
    address: assetAddressSchema,
    balance: hexQuantitySchema,
    type: z.enum(['ERC20', 'NATIVE']),
    metadata: z.object({
      name: assetLabelSchema,
      symbol: assetLabelSchema,
      decimals: assetDecimalsSchema,
      price: z.number().check(z.minimum(0)),
      iconUrl: z.string().check(z.maxLength(2048)),
    }),
  })
  .check(
    z.refine((entry) => (entry.type === 'NATIVE') === (entry.address === 'native'), {
      message: "a NATIVE entry's address is 'native', and only its",
    }),
  )

export type WalletAssetEntry = z.infer<typeof walletAssetEntrySchema>
