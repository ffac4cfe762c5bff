import { ApiError } from '../http/apiError.js'

/** A transfer's place in the chain: newer transfers have greater positions. */
export type Position = { block: number; tx: number; log: number }

/** Before every stored transfer: where the first page starts. */
export const newest: Position = { block: Number.MAX_SAFE_INTEGER, tx: 0, log: 0 }

/**
 * The opaque cursor of a page's last transfer. Paging by position (not offset) keeps pages stable while
 * new blocks arrive: later transfers sort above the cursor and never shift what follows it.
 */
export function encodeCursor({ block, tx, log }: Position): string {
  return Buffer.from(`${block}.${tx}.${log}`).toString('base64url')
}

export function decodeCursor(cursor: string): Position {
  const match = /^(\d{1,15})\.(\d{1,9})\.(-1|\d{1,9})$/.exec(
    Buffer.from(cursor, 'base64url').toString('latin1'),
  )
  if (!match) throw new ApiError(400, 'INVALID_REQUEST', 'cursor: not a cursor this api gave')
  return { block: Number(match[1]), tx: Number(match[2]), log: Number(match[3]) }
}
