import * as z from 'zod/mini'
import type { ApiClient } from '../api/client.js'
import { OnrampError } from './provider.js'

const text = z.string().check(z.maxLength(300))
const providersSchema = z.object({
  providers: z
    .array(z.object({ name: text, url: z.optional(text), publicKey: z.optional(text) }))
    .check(z.maxLength(8)),
})

/** What the app's api is configured for: provider names, and Meld's widget URL and public key. */
export type ConfiguredProviders = { names: string[]; meld?: { url: string; publicKey: string } }

export async function configuredProviders(api: ApiClient): Promise<ConfiguredProviders> {
  const { providers } = await api.get('/v1/onramp/providers', {}, providersSchema)
  const meld = providers.find((each) => each.name === 'meld')
  return {
    names: providers.map((each) => each.name),
    ...(meld?.url && meld.publicKey ? { meld: { url: meld.url, publicKey: meld.publicKey } } : {}),
  }
}

/** Coinbase's checkout URL, from a Secure Init session the api mints with the integrator's key. */
export async function coinbaseCheckoutUrl(
  api: ApiClient,
  input: { address: string; symbol: string; amount: string | undefined },
): Promise<string> {
  try {
    const { url } = await api.post(
      '/v1/onramp/coinbase/session',
      {},
      {
        address: input.address,
        assets: [input.symbol],
        ...(input.amount ? { presetFiatAmount: input.amount } : {}),
      },
      z.object({ url: z.string().check(z.maxLength(4096)) }),
    )
    return url
  } catch (error) {
    throw new OnrampError(error instanceof Error ? error.message : 'Error', { cause: error })
  }
}
