/**
 * VAL-05: the preflight commitments a send may ask for. The spec keeps the list unshown; these are the
 * Solana RPC's commitment names, current (processed, confirmed, finalized) and deprecated aliases still
 * accepted by validators (recent, single, singleGossip, root, max).
 */
export const preflightCommitments = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const
export type PreflightCommitment = (typeof preflightCommitments)[number]

export function isPreflightCommitment(value: unknown): value is PreflightCommitment {
  return typeof value === 'string' && (preflightCommitments as readonly string[]).includes(value)
}
