import { z } from 'zod'
import type { SolanaRpc } from '../chains/index.js'

/** The classic Token program and Token-2022: an owner's SPL accounts live under one or the other. */
const tokenPrograms = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

export type SplHolding = { mint: string; amount: bigint; decimals: number }
export type SolanaHoldings = { lamports: bigint; tokens: SplHolding[] }

const balanceResult = z.object({ value: z.number().int().nonnegative() })
const accountsResult = z.object({ value: z.array(z.unknown()) })
const parsedTokenAccount = z.object({
  account: z.object({
    data: z.object({
      parsed: z.object({
        type: z.literal('account'),
        info: z.object({
          mint: z.string().max(44),
          tokenAmount: z.object({
            amount: z.string().regex(/^\d{1,20}$/),
            decimals: z.number().int().min(0).max(255),
          }),
        }),
      }),
    }),
  }),
})

/**
 * `owner`'s lamports and its SPL balances under both token programs (jsonParsed), summed per mint in
 * the order the RPC lists them; entries that do not parse as token accounts are skipped. A failure of
 * the RPC rejects.
 */
export async function readSolanaHoldings(rpc: SolanaRpc, owner: string): Promise<SolanaHoldings> {
  const [balance, ...perProgram] = await Promise.all([
    rpc.call('getBalance', [owner, { commitment: 'confirmed' }], balanceResult),
    ...tokenPrograms.map((programId) =>
      rpc.call(
        'getTokenAccountsByOwner',
        [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
        accountsResult,
      ),
    ),
  ])
  const byMint = new Map<string, SplHolding>()
  for (const entry of perProgram.flatMap((accounts) => accounts.value)) {
    const parsed = parsedTokenAccount.safeParse(entry)
    if (!parsed.success) continue
    const { mint, tokenAmount } = parsed.data.account.data.parsed.info
    const held = byMint.get(mint)
    const amount = BigInt(tokenAmount.amount)
    if (held) held.amount += amount
    else byMint.set(mint, { mint, amount, decimals: tokenAmount.decimals })
  }
  return { lamports: BigInt(balance.value), tokens: [...byMint.values()] }
}
