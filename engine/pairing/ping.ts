import type { EngineContext } from '../context.js'
import { sendAndAwait } from '../transport/send.js'

/** Deprecated by the official client but still answered by it: pings a pairing topic. */
export async function pingPairing(ctx: EngineContext, topic: string): Promise<void> {
  const { done } = await sendAndAwait<unknown>(ctx, {
    topic,
    method: 'wc_pairingPing',
    params: {},
    timeoutMs: 30_000,
    timeoutMessage: 'Pairing ping expired without receiving any acknowledgement',
  })
  await done
}
