import type { Signature } from '@solana/kit'
import { SolanaError } from './errors.js'
import type { SolanaRpc } from './rpc.js'

export type ConfirmOptions = {
  /** How often the signature's status is asked for. */
  pollMs: number
  /** A ceiling for chains whose block height does not move (a local test chain): the wait ends anyway. */
  timeoutMs: number
  sleep: (ms: number) => Promise<void>
}

export const defaultConfirmOptions: Omit<ConfirmOptions, 'sleep'> = { pollMs: 400, timeoutMs: 90_000 }

/**
 * Waits until `signature` is confirmed by polling its status (what AppKit does, so no PubSub socket is
 * needed), bounded by the blockhash's last valid block height: past it the transaction can no longer land,
 * and the wait fails as expired instead of hanging. A transaction that landed with an error fails with it.
 */
export async function confirmSignature(
  rpc: SolanaRpc,
  signature: Signature,
  lastValidBlockHeight: bigint,
  options: ConfirmOptions,
): Promise<void> {
  const started = Date.now()
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) throw new SolanaError('TRANSACTION_FAILED', status.err, describe(status.err))
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    const height = await rpc.getBlockHeight().send()
    if (height > lastValidBlockHeight || Date.now() - started > options.timeoutMs)
      throw new SolanaError('TRANSACTION_EXPIRED', undefined, signature)
    await options.sleep(options.pollMs)
  }
}

function describe(error: unknown): string {
  return JSON.stringify(error, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
}
