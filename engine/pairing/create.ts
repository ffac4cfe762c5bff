import type { EngineContext } from '../context.js'
import type { Pairing } from '../schemas/index.js'
import { setFields } from '../setFields.js'
import { calcExpiry, FIVE_MINUTES } from '../time.js'
import { randomSymKey, storeSymKey } from '../transport/keys.js'
import { formatPairingUri } from '../uri/index.js'
import { savePairing } from './activate.js'

export type CreatePairingParams = {
  methods?: string[]
  /** Subscribe now; `connect()` skips it because `wc_proposeSession` subscribes on the relay. */
  subscribe: boolean
}

/** A new pairing: a random key, its topic, five minutes to live, and the URI to show the wallet. */
export async function createPairing(
  ctx: EngineContext,
  params: CreatePairingParams,
): Promise<{ pairing: Pairing; uri: string }> {
  const symKey = randomSymKey()
  const topic = await storeSymKey(ctx, symKey)
  const expiry = calcExpiry(ctx.clock, FIVE_MINUTES)
  const relay = { protocol: 'irn' }
  const pairing: Pairing = {
    topic,
    expiry,
    relay,
    active: false,
    ...setFields(params, ['methods']),
  }
  await savePairing(ctx, pairing)
  if (params.subscribe) await ctx.relay.subscribe(topic)
  const uri = formatPairingUri({
    topic,
    symKey,
    relay,
    expiryTimestamp: expiry,
    ...setFields(params, ['methods']),
  })
  return { pairing, uri }
}
