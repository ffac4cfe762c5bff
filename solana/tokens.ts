import { address } from '@solana/kit'
import * as z from 'zod/mini'
import type { SolanaRpc } from './rpc.js'

/** One token account of an owner: its mint, program and amount (base units and as the RPC writes it). */
export type TokenAccountBalance = {
  mint: string
  program: 'spl-token' | 'spl-token-2022'
  amount: bigint
  decimals: number
  uiAmountString: string
}

const tokenPrograms = {
  'spl-token': address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
  'spl-token-2022': address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
} as const

const parsedTokenAccount = z.object({
  account: z.object({
    data: z.object({
      parsed: z.object({
        info: z.object({
          mint: z.string(),
          tokenAmount: z.object({ amount: z.string(), decimals: z.number(), uiAmountString: z.string() }),
        }),
      }),
    }),
  }),
})

/** Every token account `owner` holds under either token program, read as jsonParsed from the RPC. */
export async function tokenBalances(rpc: SolanaRpc, owner: string): Promise<TokenAccountBalance[]> {
  const lists = await Promise.all(
    (
      Object.entries(tokenPrograms) as [
        TokenAccountBalance['program'],
        (typeof tokenPrograms)[keyof typeof tokenPrograms],
      ][]
    ).map(async ([program, programId]) => {
      const { value } = await rpc
        .getTokenAccountsByOwner(address(owner), { programId }, { encoding: 'jsonParsed' })
        .send()
      return value.flatMap((entry): TokenAccountBalance[] => {
        const parsed = z.safeParse(parsedTokenAccount, entry)
        if (!parsed.success) return []
        const { mint, tokenAmount } = parsed.data.account.data.parsed.info
        return [
          {
            mint,
            program,
            amount: BigInt(tokenAmount.amount),
            decimals: tokenAmount.decimals,
            uiAmountString: tokenAmount.uiAmountString,
          },
        ]
      })
    }),
  )
  return lists.flat()
}
