import { z } from 'zod'
import { cappedBody } from '../../../kit/index.js'
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
// Room for the token and the few fields beside it; an answer past it is no token answer, and is not read on.
const MAX_TOKEN_ANSWER_BYTES = 16 * 1024

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
    const text = await cappedBody(answer, MAX_TOKEN_ANSWER_BYTES)
    if (text === undefined) throw new Error(`Coinbase answered more than ${MAX_TOKEN_ANSWER_BYTES} bytes`)
    token = tokenAnswerSchema.parse(JSON.parse(text)).token
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
