import { z } from 'zod'

/**
 * What the page needs to know about the local stack. `npm start` writes it into the page's
 * `pairwise-demo-config` script tag when it serves the page; a plain static copy uses the defaults.
 */
const demoConfigSchema = z.object({
  networks: z
    .array(z.object({ id: z.number().int().positive(), name: z.string().min(1), rpcUrl: z.string().url() }))
    .min(1)
    .default([{ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }]),
  relayUrl: z
    .string()
    .regex(/^wss?:\/\//)
    .optional(),
  projectId: z.string().default('pairwise-demo'),
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
