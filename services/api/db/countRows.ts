import type { Transaction } from './lockedTransaction.js'

/** Rows of `table` whose `column` is `value`: what a per-client cap counts inside its locked transaction. */
export async function countRows(
  tx: Transaction,
  table: string,
  column: string,
  value: string,
): Promise<number> {
  const row = await tx.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [value])
  return Number(row?.n ?? 0)
}
