import { z } from 'zod'

/** Spec §3's token balance, the shape `GET /v1/balances` answers with (the modal validates it by zod too). */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.string().optional(),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
})

export type TokenBalance = z.infer<typeof tokenBalanceSchema>
