import { parseArgs } from 'node:util'
import { consoleLogger, defaultRelayLimits, type LogLevel, type RelayLimits } from '@pairwise/relay/core'
import { metricsAccessOf } from '../kit/metricsAccess.js'
import { type OperatorNumberRange, parseOperatorNumber, portNumber } from '../kit/operatorNumber.js'
import { parseTrustedProxies, TRUST_PROXY_ENV } from '../kit/trustProxy.js'
import { redisUrlOf } from '../sharedState/redisUrl.js'
import { type RunningRelay, type StartRelayOptions, startRelay } from './startRelay.js'
import { parseStoreSpec, type RelayStoreSpec } from './storeSpec.js'

export const DEFAULT_RELAY_PORT = 8787

export const relayUsage =
  'pairwise relay [--port N] [--host H] [--store memory|sqlite:FILE] [--sqlite-sync normal|full]\n' +
  '               [--redis URL] [--redis-prefix P] (Redis shared by every node: mailboxes, fan-out, per-IP\n' +
  '               connection counts; PAIRWISE_REDIS_URL)\n' +
  '               [--reject-bad-auth] [--audience URL]... [--log-level debug|info|warn|error]\n' +
  '               [--ping-interval MS] (1000 to 30000, default 15000: a proxy closing idle sockets sooner)\n' +
  '               [--message-timeout MS] (1000 to 300000, default 30000: how long a message may take to arrive)\n' +
  '               [--trust-proxy CIDR,…]... (proxies whose X-Forwarded-For names the client; PAIRWISE_TRUST_PROXY)\n' +
  '               [--<limit> N]... (limits, e.g. --max-connections-per-ip 100: README, "Relay limits")'

type LimitName = keyof RelayLimits

/** `maxConnectionsPerIp` → `max-connections-per-ip`: every limit has a flag of its own. */
const limitFlags = new Map<string, LimitName>(
  (Object.keys(defaultRelayLimits) as LimitName[]).map((name) => [
    name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
    name,
  ]),
)

const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/**
 * The ping interval's bounds: a second keeps a socket's heartbeat to one frame a second each way; past 30 s
 * a Node client (the official one drops a socket silent for 35 s) would leave before its ping came.
 */
const pingInterval: OperatorNumberRange = { what: 'whole milliseconds', min: 1_000, max: 30_000 }

/**
 * The message timeout's bounds: under a second fails honest clients on a slow link; past five minutes a
 * client trickling its messages would hold up to `maxFrameBytes` of the relay's memory per socket that long.
 */
const messageTimeout: OperatorNumberRange = { what: 'whole milliseconds', min: 1_000, max: 300_000 }

/** A limit's flag: whole counts, bytes and rates per second, as many as a number holds exactly. */
const limit: OperatorNumberRange = { what: 'a whole number', min: 1, max: Number.MAX_SAFE_INTEGER }

/** 0 takes any free port: the relay prints its URL once it listens, where tests and benches read it. */
const relayPort: OperatorNumberRange = { ...portNumber, min: 0 }

/**
 * Reads the relay's command line; PAIRWISE_RELAY_PORT, PAIRWISE_HOST, PAIRWISE_TRUST_PROXY and
 * PAIRWISE_REDIS_URL supply defaults.
 */
export function parseRelayArgs(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): StartRelayOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      store: { type: 'string' },
      'sqlite-sync': { type: 'string' },
      redis: { type: 'string' },
      'redis-prefix': { type: 'string' },
      'reject-bad-auth': { type: 'boolean' },
      audience: { type: 'string', multiple: true },
      'log-level': { type: 'string' },
      'ping-interval': { type: 'string' },
      'message-timeout': { type: 'string' },
      'trust-proxy': { type: 'string', multiple: true },
      ...Object.fromEntries([...limitFlags.keys()].map((flag) => [flag, { type: 'string' as const }])),
    },
    strict: true,
  })
  const port =
    values.port !== undefined
      ? parseOperatorNumber(values.port, '--port', relayPort)
      : env.PAIRWISE_RELAY_PORT !== undefined
        ? parseOperatorNumber(env.PAIRWISE_RELAY_PORT, 'PAIRWISE_RELAY_PORT', relayPort)
        : DEFAULT_RELAY_PORT
  const level = values['log-level'] ?? 'info'
  if (!logLevels.includes(level as LogLevel))
    throw new Error(`--log-level must be one of ${logLevels.join(', ')}, got '${level}'`)
  const pingText = values['ping-interval']
  const pingIntervalMs =
    pingText === undefined ? undefined : parseOperatorNumber(pingText, '--ping-interval', pingInterval)
  const timeoutText = values['message-timeout']
  const messageTimeoutMs =
    timeoutText === undefined
      ? undefined
      : parseOperatorNumber(timeoutText, '--message-timeout', messageTimeout)
  const sqliteSync = values['sqlite-sync']
  if (sqliteSync !== undefined && sqliteSync !== 'normal' && sqliteSync !== 'full')
    throw new Error(`--sqlite-sync must be 'normal' or 'full', got '${sqliteSync}'`)
  const limits: Partial<RelayLimits> = {}
  for (const [flag, name] of limitFlags) {
    const text: unknown = (values as Record<string, unknown>)[flag]
    if (typeof text === 'string') limits[name] = parseOperatorNumber(text, `--${flag}`, limit)
  }
  const trustProxy = values['trust-proxy']?.length
    ? parseTrustedProxies(values['trust-proxy'])
    : trustedProxiesOfEnv(env)
  let store: RelayStoreSpec | undefined
  if (values.store !== undefined) {
    const spec = parseStoreSpec(values.store)
    store = spec.kind === 'sqlite' ? `sqlite:${spec.file}` : 'memory'
  }
  const redisUrl = redisUrlOf(values.redis, env)
  return {
    port,
    host: values.host ?? env.PAIRWISE_HOST ?? '127.0.0.1',
    logger: consoleLogger(level as LogLevel),
    rejectBadAuth: values['reject-bad-auth'] ?? false,
    trustProxy,
    ...(store ? { store } : {}),
    ...(sqliteSync ? { sqliteSync } : {}),
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(values['redis-prefix'] ? { redisPrefix: values['redis-prefix'] } : {}),
    ...(values.audience ? { allowedAudiences: values.audience } : {}),
    ...(pingIntervalMs === undefined ? {} : { pingIntervalMs }),
    ...(messageTimeoutMs === undefined ? {} : { messageTimeoutMs }),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    metrics: metricsAccessOf(env),
  }
}

/** `PAIRWISE_TRUST_PROXY`, its bad entry named under the variable's name rather than the flag's. */
function trustedProxiesOfEnv(env: NodeJS.ProcessEnv) {
  try {
    return parseTrustedProxies(env[TRUST_PROXY_ENV])
  } catch (error) {
    throw new Error((error as Error).message.replace(/^--trust-proxy/, TRUST_PROXY_ENV))
  }
}

/**
 * Runs one relay node until SIGINT or SIGTERM, then shuts it down gracefully (sockets closed with 1012,
 * store flushed) and exits. The URL is printed on stdout once the relay listens.
 */
export async function runRelayCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningRelay> {
  const relay = await startRelay(parseRelayArgs(args, env))
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received: stopping the relay…`)
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopping the relay failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop)
  // Announced only once a signal would stop it cleanly: whoever waits for this line may signal at once.
  console.log(`Pairwise relay listening on ${relay.url}`)
  return relay
}
