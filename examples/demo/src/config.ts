import * as z from 'zod/mini'

/**
 * What the page needs to know about the local stack. `npm start` writes it into the page's
 * `pairwise-demo-config` script tag when it serves the page; a plain static copy uses the defaults.
 */
const demoConfigSchema = z.object({
  networks: z._default(
    z
      .array(
        z.object({
          id: z.int().check(z.positive()),
          name: z.string().check(z.minLength(1)),
          rpcUrl: z.url(),
          /** The stack's ENS universal resolver, so names resolve (Send's recipient) on this network. */
          ensUniversalResolver: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
          /** The stack's Test USD (tUSD, 6 decimals) on this network: the batch example sends some. */
          testUsd: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        }),
      )
      .check(z.minLength(1)),
    [{ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }],
  ),
  relayUrl: z.optional(z.string().check(z.regex(/^wss?:\/\//))),
  projectId: z._default(z.string(), 'pairwise-demo'),
  walletRegistryUrl: z.optional(z.url()),
  /** The stack's api service: project config, and where the demo's opt-in analytics go. */
  apiUrl: z.optional(z.url()),
  /** The verify service WalletConnect proposals and requests are registered with (the stack's api). */
  verifyUrl: z.optional(z.url()),
  /** The stack's auth service, which serves the embedded wallet's secure frame (the embedded example). */
  authUrl: z.optional(z.url()),
})

export type DemoConfig = z.infer<typeof demoConfigSchema>

export function readDemoConfig(doc: Document): DemoConfig {
  const text = doc.getElementById('pairwise-demo-config')?.textContent ?? '{}'
  try {
    return demoConfigSchema.parse(JSON.parse(text))
  } catch (error) {
    console.error('pairwise demo: ignoring an invalid pairwise-demo-config', error)
    return demoConfigSchema.parse({})
  }
}
