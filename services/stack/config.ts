import { z } from 'zod'
import { operatorNumber, portNumber } from '../kit/operatorNumber.js'
import { parseTrustedProxies, TRUST_PROXY_ENV, type TrustedProxies } from '../kit/trustProxy.js'
import { stackPartList } from './parts/index.js'

const port = operatorNumber(portNumber)

type UnionToIntersection<Union> = (Union extends unknown ? (member: Union) => void : never) extends (
  member: infer Intersection,
) => void
  ? Intersection
  : never

type StackPorts = UnionToIntersection<(typeof stackPartList)[number]['ports']>

/**
 * Every port of the local stack, from its parts: each has a default from the architecture table and an env
 * override. `width` is how many consecutive ports a part listens on from its own: each Solana chain's
 * PubSub is its JSON-RPC port + 1.
 */
export const stackPorts: StackPorts = Object.assign({}, ...stackPartList.map((part) => part.ports))

/** A port's name in the table (a part may listen on several: mail on smtp and mail). */
export type StackPart = keyof StackPorts

/** The ports' names, in the parts' start order. */
export const stackParts = Object.keys(stackPorts) as StackPart[]

/** Every port `part` listens on when configured with `port`. */
export const portsOf = (part: StackPart, port: number): number[] =>
  Array.from({ length: stackPorts[part].width }, (_, offset) => port + offset)

/**
 * Refuses two of `parts` on one port, and a part whose next port does not exist: either would otherwise fail
 * half-started with a bare EADDRINUSE or RangeError.
 */
function assertPortsDistinct(ports: Record<StackPart, number>, parts: readonly StackPart[]): void {
  const owners = new Map<number, StackPart>()
  for (const part of parts)
    for (const port of portsOf(part, ports[part])) {
      if (port > portNumber.max)
        throw new Error(
          `Invalid ${stackPorts[part].env}: the ${part} part would listen on port ${port}, past ${portNumber.max}`,
        )
      const owner = owners.get(port)
      if (owner)
        throw new Error(
          `Invalid ${stackPorts[part].env}: the ${part} part would listen on port ${port}, which ${stackPorts[owner].env} already gives the ${owner} part`,
        )
      owners.set(port, part)
    }
}

const stackConfigSchema = z.object({
  host: z.string().min(1),
  /** Where the stack keeps what must survive a restart (the relay's SQLite mailbox, the api's database). */
  dataDir: z.string().min(1),
  /** Written once everything answers, removed on stop: the parts' URLs for tests, scripts and operators. */
  stackFile: z.string().min(1),
  ports: z.object(
    Object.fromEntries(stackParts.map((part) => [part, port])) as Record<StackPart, typeof port>,
  ),
})

export type StackConfig = z.infer<typeof stackConfigSchema> & {
  /** The proxies whose `X-Forwarded-For` names the client, for every part's per-client limits. */
  trustProxy: TrustedProxies
}

/**
 * Reads the stack's configuration from env (`PAIRWISE_HOST`, `PAIRWISE_DATA_DIR`, `PAIRWISE_<PART>_PORT`,
 * `PAIRWISE_STACK_FILE`, `PAIRWISE_TRUST_PROXY`) and explicit overrides.
 */
export function stackConfig(
  env: NodeJS.ProcessEnv,
  overrides: {
    host?: string
    dataDir?: string
    stackFile?: string
    ports?: Partial<Record<StackPart, number>>
    trustProxy?: TrustedProxies
    /**
     * The parts this process runs, which must not share a port (every part by default). A command running
     * one service may take another part's default: that part is not started beside it.
     */
    parts?: readonly StackPart[]
  } = {},
): StackConfig {
  const ports = Object.fromEntries(
    Object.entries(stackPorts).map(([part, spec]) => [
      part,
      String(overrides.ports?.[part as StackPart] ?? env[spec.env] ?? spec.default),
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
  assertPortsDistinct(parsed.data.ports, overrides.parts ?? stackParts)
  return { ...parsed.data, trustProxy: overrides.trustProxy ?? trustProxyOf(undefined, env) }
}

/**
 * The proxies whose `X-Forwarded-For` names the client: `--trust-proxy` values when given, else
 * `PAIRWISE_TRUST_PROXY`, else nobody. A bad entry throws, naming it and where it came from.
 */
export function trustProxyOf(values: readonly string[] | undefined, env: NodeJS.ProcessEnv): TrustedProxies {
  if (values !== undefined && values.length > 0) return parseTrustedProxies(values)
  try {
    return parseTrustedProxies(env[TRUST_PROXY_ENV])
  } catch (error) {
    throw new Error((error as Error).message.replace(/^--trust-proxy/, TRUST_PROXY_ENV))
  }
}
