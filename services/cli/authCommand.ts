import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { defaultApiDatabase } from '../api/config.js'
import { type FarcasterConfigInput, farcasterConfigSchema } from '../auth/farcaster/farcasterConfig.js'
import { serverUrl } from '../kit/listen.js'
import { type MetricsAccess, metricsAccessOf } from '../kit/metricsAccess.js'
import type { TrustedProxies } from '../kit/trustProxy.js'
import { type SmtpMailer, smtpMailer } from '../mail/smtpMailer.js'
import { privateDir } from '../relay/privateFiles.js'
import { redisUrlOf } from '../sharedState/index.js'
import { authKek } from '../stack/authKey.js'
import { stackConfig, trustProxyOf } from '../stack/config.js'
import { frameChainsOf, readChainsFile } from './chainsFile.js'
import { assertPortsFree, type PortFlag, parsePort, parsePublicUrl, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const authUsage = [
  'pairwise auth [--host H] [--port N] [--database URL|FILE] [--smtp smtp://…] [--from ADDR] [--kek-file FILE] [--public-url URL] [--chains FILE] [--trust-proxy CIDR,…]… [--redis URL] [--farcaster-relay URL --optimism-rpc URL [--farcaster-domain HOST]]',
  '  --port        PAIRWISE_FRAME_PORT, 8789; the secure frame is served at /frame on the same origin',
  "  --database    the api's database (its projects): DATABASE_URL, else $PAIRWISE_DATA_DIR/api.sqlite",
  '  --smtp        where codes are mailed: smtp://[user:pass@]host[:port] or smtps://…; else PAIRWISE_SMTP_URL, which keeps a password off the process list; default smtp://127.0.0.1:$PAIRWISE_SMTP_PORT',
  '  --kek-file    the key of the stored auth shares, made on first use (0600); PAIRWISE_AUTH_KEK (base64url) wins',
  '  --public-url  where browsers reach this service (approval links, the frame origin); default its own URL',
  '  --chains      the chains the frame signs for: the api\'s --chains file, with an optional "name" per chain',
  '  --trust-proxy the proxies whose X-Forwarded-For names the client for per-IP limits; PAIRWISE_TRUST_PROXY; none by default',
  '  --redis       the Redis every auth process shares the device proofs it has seen through (no replay on another); PAIRWISE_REDIS_URL',
  '  --farcaster-relay  Sign In With Farcaster through this relay: https://relay.farcaster.xyz in production (real Farcaster apps post only there), `pairwise farcaster` locally',
  "  --optimism-rpc     where Farcaster's IdRegistry and KeyRegistry are read (an OP Mainnet RPC; locally the chain with their stand-ins)",
  "  --farcaster-domain the domain sign-in messages must name; default the host of --public-url (else this service's)",
].join('\n')

const defaultFrom = 'Pairwise <login@pairwise.localhost>'

/** The variable read when `--smtp` is not given: every local user reads a process's arguments (`ps`). */
const SMTP_URL_ENV = 'PAIRWISE_SMTP_URL'

type AuthCommandConfig = {
  host: string
  port: number
  portFlag: PortFlag
  database: string
  smtpUrl: string
  /** Where `smtpUrl` came from, named when it is refused. */
  smtpSetting: string
  from: string
  kekFile: string
  publicUrl: string | undefined
  chainsFile: string | undefined
  trustProxy: TrustedProxies
  redisUrl: string | undefined
  metrics: MetricsAccess
  farcaster: FarcasterConfigInput | undefined
}

/** Flags first, then env (`PAIRWISE_HOST`, `PAIRWISE_FRAME_PORT`, `PAIRWISE_SMTP_URL`, `PAIRWISE_SMTP_PORT`, `DATABASE_URL`, `PAIRWISE_DATA_DIR`, `PAIRWISE_REDIS_URL`). */
function authCommandConfig(env: NodeJS.ProcessEnv, args: string[]): AuthCommandConfig {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      database: { type: 'string' },
      smtp: { type: 'string' },
      from: { type: 'string' },
      'kek-file': { type: 'string' },
      'public-url': { type: 'string' },
      chains: { type: 'string' },
      redis: { type: 'string' },
      'farcaster-relay': { type: 'string' },
      'optimism-rpc': { type: 'string' },
      'farcaster-domain': { type: 'string' },
      ...trustProxyOption,
    },
  })
  const stack = stackConfig(env, {
    host: values.host,
    ports: { frame: parsePort(values.port, '--port') },
    trustProxy: trustProxyOf(values['trust-proxy'], env),
    parts: ['frame'],
  })
  const publicUrl = parsePublicUrl(values['public-url'])
  const dataDir = env.PAIRWISE_DATA_DIR || '.pairwise/data'
  const serviceUrl = publicUrl ?? serverUrl(stack.host, stack.ports.frame)
  const smtpFromEnv = env[SMTP_URL_ENV] || undefined
  return {
    host: stack.host,
    port: stack.ports.frame,
    portFlag: { flag: '--port', typed: values.port },
    database: values.database ?? defaultApiDatabase(env),
    smtpUrl: values.smtp ?? smtpFromEnv ?? `smtp://127.0.0.1:${stack.ports.smtp}`,
    smtpSetting: values.smtp === undefined && smtpFromEnv !== undefined ? SMTP_URL_ENV : '--smtp',
    from: values.from ?? defaultFrom,
    kekFile: values['kek-file'] ?? join(dataDir, 'auth.kek'),
    publicUrl,
    chainsFile: values.chains,
    trustProxy: stack.trustProxy,
    redisUrl: redisUrlOf(values.redis, env),
    metrics: metricsAccessOf(env),
    farcaster: farcasterOf(values, serviceUrl),
  }
}

/** Sign In With Farcaster from its flags: on with a relay, which needs an Optimism RPC beside it. */
function farcasterOf(
  values: { 'farcaster-relay'?: string; 'optimism-rpc'?: string; 'farcaster-domain'?: string },
  serviceUrl: string,
): FarcasterConfigInput | undefined {
  const relayUrl = values['farcaster-relay']
  if (relayUrl === undefined) {
    if (values['optimism-rpc'] !== undefined || values['farcaster-domain'] !== undefined)
      throw new Error('--optimism-rpc and --farcaster-domain go with --farcaster-relay')
    return undefined
  }
  const optimismRpcUrl = values['optimism-rpc']
  if (optimismRpcUrl === undefined) throw new Error('--farcaster-relay needs --optimism-rpc')
  const parsed = farcasterConfigSchema.safeParse({
    relayUrl,
    optimismRpcUrl,
    domain: values['farcaster-domain'] ?? new URL(serviceUrl).host,
    siweUri: `${serviceUrl}/frame`,
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const flag = {
      relayUrl: '--farcaster-relay',
      optimismRpcUrl: '--optimism-rpc',
      domain: '--farcaster-domain',
    }[String(issue?.path[0]) as 'relayUrl']
    throw new Error(`${flag ?? '--public-url'}: ${issue?.message ?? 'invalid'}`)
  }
  return parsed.data
}

function mailerFor(config: AuthCommandConfig): SmtpMailer {
  try {
    return smtpMailer(config.smtpUrl, { from: config.from })
  } catch (error) {
    throw new Error(`${config.smtpSetting}: ${(error as Error).message}`)
  }
}

/** The SMTP server named without its credentials, for the log. */
const smtpHost = (smtpUrl: string) => {
  const url = new URL(smtpUrl)
  return `${url.protocol}//${url.host}`
}

/** `pairwise auth`: the auth service with the secure frame on one origin, until a signal stops it. */
export async function runAuthCommand(args: string[], log: (line: string) => void): Promise<never> {
  const config = authCommandConfig(process.env, args)
  const chains = config.chainsFile === undefined ? [] : frameChainsOf(readChainsFile(config.chainsFile))
  await assertPortsFree(
    { host: config.host, ports: { frame: config.port } },
    { frame: config.portFlag },
    process.env,
  )
  // Checked before the key is read or made, so a refused start leaves no key file behind.
  const mailer = mailerFor(config)
  const kek = authKek(process.env, config.kekFile)
  // The default database lives in the data dir, which is the service's own: an earlier version left it open.
  if (config.database === defaultApiDatabase(process.env) && !process.env.DATABASE_URL)
    privateDir(dirname(config.database))
  // The servers' modules take seconds to load: a refused flag is answered before them.
  const [{ openDatabase }, { startAuth }, { frameDistDir, frameRoutes }] = await Promise.all([
    import('../api/index.js'),
    import('../auth/index.js'),
    import('../frame/index.js'),
  ])
  const db = await openDatabase(config.database)
  const stop = async () => {
    mailer.close()
    await db.close()
  }
  const auth = await startAuth({
    host: config.host,
    port: config.port,
    db,
    mailer,
    kek,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    metrics: config.metrics,
    ...(config.redisUrl === undefined ? {} : { redisUrl: config.redisUrl }),
    ...(config.farcaster ? { farcaster: config.farcaster } : {}),
    routes: (lookups) => frameRoutes({ ...lookups, chains }),
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  const url = config.publicUrl ?? auth.url
  const ready = [
    `auth  ${url}  (${db.kind}; the secure frame at ${url}/frame?projectId=…; mails via ${smtpHost(config.smtpUrl)})`,
  ]
  if (config.farcaster) ready.push(`  Sign In With Farcaster through ${config.farcaster.relayUrl}`)
  if (!existsSync(join(frameDistDir(), 'index.html')))
    ready.push('  the frame page is not built: /frame answers 503 until `npm run build` has run')
  return runUntilSignal(
    async () => {
      await auth.close()
      await stop()
    },
    log,
    ready,
  )
}
