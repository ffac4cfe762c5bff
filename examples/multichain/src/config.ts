import * as z from 'zod/mini'

/** The Solana part of the page's config tag: the stack's local clusters, each with its test token. */
const solanaConfigSchema = z.object({
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

export type SolanaPageConfig = z.infer<typeof solanaConfigSchema>

export function readSolanaConfig(doc: Document): SolanaPageConfig {
  const text = doc.getElementById('pairwise-demo-config')?.textContent ?? '{}'
  const parsed = z.safeParse(solanaConfigSchema, parseJson(text))
  if (parsed.success) return parsed.data
  console.error('pairwise multichain: ignoring an invalid solanaNetworks config', parsed.error)
  return { solanaNetworks: [] }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
