import { z } from 'zod'
import { onrampErrors } from '../errors.js'
import { type CdpApiKey, cdpJwt } from './cdpJwt.js'

export type CoinbaseConfig = {
  /** The integrator's CDP secret API key; it never leaves the api. */
  apiKey: CdpApiKey
  /** Coinbase's network names the address may receive on (default ethereum and base). */
  blockchains?: string[]
  /** For tests: where the session token is asked for. */
  fetch?: typeof fetch
}

const host = 'api.developer.coinbase.com'
const path = '/onramp/v1/token'
const tokenAnswerSchema = z.object({ token: z.string().min(1).max(4096) })

/**
 * Coinbase Onramp's Secure Init: a single-use session token (5 minutes) for `address`, minted with the
 * integrator's CDP key, and the checkout URL that carries it.
 */
export async function coinbaseCheckoutUrl(
  config: CoinbaseConfig,
  input: { address: string; assets: string[]; clientIp: string; presetFiatAmount?: string },
  nowMs: number,
): Promise<string> {
  const doFetch = config.fetch ?? fetch
  let token: string
  try {
    const answer = await doFetch(`https://${host}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${cdpJwt(config.apiKey, { method: 'POST', host, path }, nowMs)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        addresses: [{ address: input.address, blockchains: config.blockchains ?? ['ethereum', 'base'] }],
        assets: input.assets,
        clientIp: input.clientIp,
      }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!answer.ok) throw new Error(`Coinbase answered ${answer.status}`)
    token = tokenAnswerSchema.parse(await answer.json()).token
  } catch {
    throw onrampErrors.providerFailed('coinbase')
  }
  const url = new URL('https://pay.coinbase.com/buy/select-asset')
  url.searchParams.set('sessionToken', token)
  if (input.assets[0]) url.searchParams.set('defaultAsset', input.assets[0])
  if (input.presetFiatAmount) {
    url.searchParams.set('presetFiatAmount', input.presetFiatAmount)
    url.searchParams.set('fiatCurrency', 'USD')
  }
  return url.toString()
}
