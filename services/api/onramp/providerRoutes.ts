import { Hono } from 'hono'
import { z } from 'zod'
import { apiRequest } from '../http/clientAddress.js'
import type { RouteDeps } from '../http/types.js'
import { validJson } from '../http/validate.js'
import { requireFeature } from '../projects/requireFeature.js'
import { type CoinbaseConfig, coinbaseCheckoutUrl } from './coinbase/coinbaseSession.js'
import { onrampErrors } from './errors.js'
import { deliveryAddressSchema } from './schema.js'

/** Meld's widget: the integrator's public key (public by design; the modal builds the URL with it). */
export type MeldConfig = { publicKey: string; url?: string }

export type ProviderRouteOptions = { sandbox: boolean; meld?: MeldConfig; coinbase?: CoinbaseConfig }

export const sessionBodySchema = z.object({
  address: deliveryAddressSchema,
  assets: z.array(z.string().min(1).max(16)).min(1).max(8).default(['USDC']),
  presetFiatAmount: z
    .string()
    .max(12)
    .regex(/^\d+(\.\d{1,2})?$/)
    .optional(),
})

/**
 * Which onramp providers this api is configured for (`GET /v1/onramp/providers`), and Coinbase's Secure
 * Init (`POST /v1/onramp/coinbase/session` → `{ url }`), its CDP key kept here. Meld and Coinbase are off
 * until configured with the integrator's own keys.
 */
export function onrampProviderRoutes(deps: RouteDeps & ProviderRouteOptions): Hono {
  const providers = [
    ...(deps.sandbox ? [{ name: 'sandbox' }] : []),
    ...(deps.meld
      ? [{ name: 'meld', url: deps.meld.url ?? 'https://meldcrypto.com', publicKey: deps.meld.publicKey }]
      : []),
    ...(deps.coinbase ? [{ name: 'coinbase' }] : []),
  ]
  return new Hono()
    .get('/v1/onramp/providers', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'onramp')
      return c.json({ providers })
    })
    .post('/v1/onramp/coinbase/session', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'onramp')
      const body = await validJson(c.req, sessionBodySchema)
      if (!deps.coinbase) throw onrampErrors.providerNotConfigured('coinbase')
      const url = await coinbaseCheckoutUrl(
        deps.coinbase,
        {
          address: body.address,
          assets: body.assets,
          clientIp: apiRequest(c).client(),
          ...(body.presetFiatAmount ? { presetFiatAmount: body.presetFiatAmount } : {}),
        },
        deps.now(),
      )
      return c.json({ url })
    })
}
