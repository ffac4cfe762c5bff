import * as z from 'zod/mini'

/**
 * The chain parts of the page's config tag: the stack's local Solana clusters, each with its test token,
 * and its Bitcoin networks, each with the Esplora API that serves it.
 */
const chainConfigSchema = z.object({
  bitcoinNetworks: z._default(
    z.array(
      z.object({
        chain: z.enum(['mainnet', 'testnet3', 'testnet4', 'signet', 'regtest']),
        name: z.string().check(z.minLength(1)),
        esploraUrl: z.url(),
      }),
    ),
    [],
  ),
  solanaNetworks: z._default(
    z.array(
      z.object({
        genesisHash: z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)),
        name: z.string().check(z.minLength(1)),
        rpcUrl: z.url(),
        testUsdMint: z.optional(z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))),
      }),
    ),
    [],
  ),
})

export type ChainPageConfig = z.infer<typeof chainConfigSchema>

export function readChainConfig(doc: Document): ChainPageConfig {
  const text = doc.getElementById('pairwise-demo-config')?.textContent ?? '{}'
  const parsed = z.safeParse(chainConfigSchema, parseJson(text))
  if (parsed.success) return parsed.data
  console.error(
    'pairwise multichain: ignoring an invalid solanaNetworks or bitcoinNetworks config',
    parsed.error,
  )
  return { solanaNetworks: [], bitcoinNetworks: [] }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
