import { z } from 'zod'

const port = z.coerce.number().int().min(1).max(65535)

/** Every port of the local stack; each has a default from the architecture table and an env override. */
export const stackPorts = {
  chain: { env: 'PAIRWISE_CHAIN_PORT', default: 8545 },
  relay: { env: 'PAIRWISE_RELAY_PORT', default: 8787 },
  api: { env: 'PAIRWISE_API_PORT', default: 8788 },
  frame: { env: 'PAIRWISE_FRAME_PORT', default: 8789 },
  smtp: { env: 'PAIRWISE_SMTP_PORT', default: 2525 },
  mail: { env: 'PAIRWISE_MAIL_PORT', default: 8025 },
  demo: { env: 'PAIRWISE_DEMO_PORT', default: 5173 },
  solana: { env: 'PAIRWISE_SOLANA_PORT', default: 8899 },
  solanaDevnet: { env: 'PAIRWISE_SOLANA_DEVNET_PORT', default: 8901 },
} as const

/** Parts that listen on the next port as well: each Solana chain's PubSub is its JSON-RPC port + 1. */
export const partsOnTwoPorts: ReadonlySet<string> = new Set(['solana', 'solanaDevnet'])

export type StackPart = keyof typeof stackPorts

const stackConfigSchema = z.object({
  host: z.string().min(1),
  /** Where the stack keeps what must survive a restart (the relay's SQLite mailbox, the api's database). */
  dataDir: z.string().min(1),
  /** Written once everything answers, removed on stop: the parts' URLs for tests, scripts and operators. */
  stackFile: z.string().min(1),
  ports: z.object(
    Object.fromEntries(Object.keys(stackPorts).map((part) => [part, port])) as Record<StackPart, typeof port>,
  ),
})

export type StackConfig = z.infer<typeof stackConfigSchema>

/**
 * Reads the stack's configuration from env (`PAIRWISE_HOST`, `PAIRWISE_DATA_DIR`, `PAIRWISE_<PART>_PORT`,
 * `PAIRWISE_STACK_FILE`) and explicit overrides.
 */
export function stackConfig(
  env: NodeJS.ProcessEnv,
  overrides: {
    host?: string
    dataDir?: string
    stackFile?: string
    ports?: Partial<Record<StackPart, number>>
  } = {},
): StackConfig {
  const ports = Object.fromEntries(
    Object.entries(stackPorts).map(([part, spec]) => [
      part,
      overrides.ports?.[part as StackPart] ?? env[spec.env] ?? spec.default,
    ]),
  )
  const parsed = stackConfigSchema.safeParse({
    host: overrides.host ?? env.PAIRWISE_HOST ?? '127.0.0.1',
    dataDir: overrides.dataDir ?? env.PAIRWISE_DATA_DIR ?? '.pairwise/data',
    stackFile: overrides.stackFile ?? env.PAIRWISE_STACK_FILE ?? '.pairwise/stack.json',
    ports,
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const [field, part] = issue?.path ?? []
    const name =
      field === 'ports' && typeof part === 'string' && part in stackPorts
        ? stackPorts[part as StackPart].env
        : field === 'dataDir'
          ? 'PAIRWISE_DATA_DIR'
          : field === 'stackFile'
            ? 'PAIRWISE_STACK_FILE'
            : 'PAIRWISE_HOST'
    throw new Error(`Invalid ${name}: ${issue?.message ?? 'invalid value'}`)
  }
  return parsed.data
}
