import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultRelayLimits } from '@pairwise/relay/core'
import { DEFAULT_SOCKETS_PER_CLIENT, readSecretFile } from '../kit/index.js'
import { type Stoppable, stopAfterFailedStart } from '../kit/stopEvery.js'
import { isLoopbackAddress } from '../net/isLoopbackHost.js'
import { freePort, isPortTaken } from '../net/ports.js'
import { privateDir } from '../relay/privateFiles.js'
import { relaySocketsPerClient } from '../relay/socketsPerClient.js'
import { REDIS_URL_ENV } from '../sharedState/redisUrl.js'
import { authKek } from '../stack/authKey.js'
import { removeStackFile, type StackFile, writePartialStackFile } from '../stack/stackFile.js'
import { type HaproxyFrontend, haproxyConfig, hostPort } from './haproxyConfig.js'
import { startPostgres } from './postgresServer.js'
import { startRedis } from './redisServer.js'
import { Stages } from './stages.js'
import { answersBelow500, type SelfCommand, type Supervised, startSupervised } from './supervised.js'

/** Debian's haproxy. */
export const HAPROXY = '/usr/sbin/haproxy'

/** The services a cluster runs several nodes of, each behind its own haproxy frontend. */
export const nodeKinds = ['relay', 'api', 'auth'] as const
export type NodeKind = (typeof nodeKinds)[number]

export type ClusterConfig = {
  /** Every process listens here (loopback); it is also the one proxy address the nodes trust. */
  host: string
  /** haproxy.cfg, the api's admin token, the auth key, and each process's log under `logs/`; made 0700. */
  dataDir: string
  stackFile: string
  counts: Record<NodeKind, number>
  /** The public ports (haproxy's frontends), and the single mail service's. */
  ports: { relay: number; api: number; frame: number; smtp: number; mail: number }
  /** Nodes listen on consecutive ports from here: the relay nodes, then the api nodes, then the auth nodes. */
  nodePort: number
  /** A PostgreSQL to use; else one is started (throwaway) on `postgresPort` or a free port. */
  databaseUrl?: string
  postgresPort?: number
  /** A Redis to use; else one is started (nothing on disk) on `redisPort` or a free port. */
  redisUrl?: string
  redisPort?: number
  /** The chains file (`pairwise api --chains`) every api and auth node serves; none when absent. */
  chainsFile?: string
  /** The onramp sandbox file (`pairwise api --onramp-sandbox`) every api node serves; none when absent. */
  onrampSandboxFile?: string
  /** How to run `pairwise` for each node. */
  self: SelfCommand
  log: (line: string) => void
  /** How long one process may take to answer; the default suits a busy 2-core machine. */
  startTimeoutMs?: number
}

/** One node, as the stack file's `cluster` entry names it: its own URL, bypassing haproxy. */
export type ClusterNodeEntry = { name: string; url: string; pgid: number }

/** What `pairwise cluster` adds to the stack file: each process, for tests, benches and operators. */
export type ClusterStackEntry = {
  nodes: Record<NodeKind, ClusterNodeEntry[]>
  haproxy: { config: string; pgid: number }
  /** Both URLs with their passwords: the stack file is its owner's only, and nothing else prints them. */
  database: string
  redis: string
  /** The address the nodes trust `X-Forwarded-For` from: haproxy's. */
  trustProxy: string
}

export type ClusterStackFile = Pick<StackFile, 'relay' | 'api' | 'auth' | 'mail'> & {
  cluster: ClusterStackEntry
}

export type RunningCluster = {
  readonly stack: ClusterStackFile
  readonly stackFile: string
  /** The api's admin token (its owner only reads it): what an operator is pointed to, never the token. */
  readonly adminTokenFile: string
  /**
   * Stops haproxy, then every node, then mail, Postgres and Redis, each even when a stop before it failed,
   * then rejects naming every failure; safe to call more than once.
   */
  stop(): Promise<void>
}

/** The ports each node kind takes from `nodePort`, in start order. */
export function nodePorts(config: Pick<ClusterConfig, 'counts' | 'nodePort'>): Record<NodeKind, number[]> {
  let next = config.nodePort
  const ports = {} as Record<NodeKind, number[]>
  for (const kind of nodeKinds) ports[kind] = Array.from({ length: config.counts[kind] }, () => next++)
  return ports
}

/**
 * The nodes trust `X-Forwarded-For` from the host's address, and their own ports bypass haproxy: a layout
 * for one machine, so loopback addresses only. An address, not `localhost`: it is also each node's
 * `--trust-proxy`, which takes addresses.
 */
function assertLoopback(host: string): void {
  if (!isLoopbackAddress(host))
    throw new Error(
      `--host ${host}: the cluster listens on a loopback address only (127.x.x.x or ::1); its nodes trust X-Forwarded-For from it`,
    )
}

async function assertFree(host: string, ports: { what: string; port: number }[]): Promise<void> {
  for (const { what, port } of ports)
    if (await isPortTaken(port, host)) throw new Error(`port ${port} (${what}) is taken on ${host}`)
}

/** A secret made once into `path`, readable by its owner only; every node of a kind reads the same one. */
function secretFile(path: string): string {
  if (!existsSync(path)) writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 })
  return readSecretFile(path)
}

/** Postgres or Redis: started here, or given by URL (then not ours to stop). */
type UrlService = Stoppable & { url: string }

const given = (name: string, url: string): UrlService => ({ name, url, stop: async () => {} })

/**
 * Starts the production layout on one machine: Postgres and Redis (or the given ones), `counts` relay, api
 * and auth nodes, each `pairwise <kind>` in a process of its own sharing them, one mail service, and
 * haproxy in front with one public port per kind. Writes the stack file once every public URL answers.
 */
export async function startCluster(config: ClusterConfig): Promise<RunningCluster> {
  const { host, log } = config
  const timeoutMs = config.startTimeoutMs ?? 60_000
  assertLoopback(host)
  for (const kind of nodeKinds)
    if (!(Number.isInteger(config.counts[kind]) && config.counts[kind] >= 1))
      throw new Error(`--${kind} must be a whole number of nodes, 1 or more`)
  if (!existsSync(HAPROXY))
    throw new Error(`haproxy is not installed at ${HAPROXY} (apt-get install haproxy)`)
  const ports = nodePorts(config)
  await assertFree(host, [
    ...Object.entries(config.ports).map(([what, port]) => ({ what, port })),
    ...nodeKinds.flatMap((kind) => ports[kind].map((port, i) => ({ what: `${kind}-${i + 1}`, port }))),
    ...(config.postgresPort ? [{ what: 'postgres', port: config.postgresPort }] : []),
    ...(config.redisPort ? [{ what: 'redis', port: config.redisPort }] : []),
  ])
  // One left by a cluster that was killed names processes that are gone; this start writes its own once up.
  removeStackFile(config.stackFile)
  privateDir(config.dataDir)
  const logs = join(config.dataDir, 'logs')
  mkdirSync(logs, { recursive: true, mode: 0o700 })
  // Each process group watches this process's exit (services/process/childGroup.ts): one listener each.
  const processes = 4 + nodeKinds.reduce((sum, kind) => sum + config.counts[kind], 0)
  process.setMaxListeners(process.getMaxListeners() + processes)

  const stages = new Stages()
  const stop = () => stages.stop()
  const healthOf = (port: number) => `http://${hostPort(host, port)}/health`
  /** Starts a process that is ready once it listens on `port` and its /health there answers. */
  const supervise = (
    name: string,
    args: readonly string[],
    port: number,
    { command, env }: { command?: string; env?: NodeJS.ProcessEnv } = {},
  ) =>
    startSupervised({
      name,
      command: command ?? config.self.command,
      args: command ? args : [...config.self.args, ...args],
      env,
      port,
      ready: () => answersBelow500(healthOf(port)),
      logFile: join(logs, `${name}.log`),
      timeoutMs,
    })
  try {
    const [postgres, redis] = await stages.start<UrlService>([
      config.databaseUrl
        ? given('postgres', config.databaseUrl)
        : (async () => ({
            name: 'postgres',
            ...(await startPostgres({ host, port: config.postgresPort ?? (await freePort(host)) })),
          }))(),
      config.redisUrl
        ? given('redis', config.redisUrl)
        : (async () => ({
            name: 'redis',
            ...(await startRedis({ host, port: config.redisPort ?? (await freePort(host)) })),
          }))(),
    ])
    const database = (postgres as UrlService).url
    const redisUrl = (redis as UrlService).url
    // The URLs (passwords in them) reach the nodes through their environment, which only this user reads,
    // never their command lines, which every local user does (`ps`); the nodes read both names themselves.
    const nodeEnv = { ...process.env, DATABASE_URL: database, [REDIS_URL_ENV]: redisUrl }
    const shared = ['--host', host, '--trust-proxy', host]
    const chains = config.chainsFile ? ['--chains', config.chainsFile] : []
    const onramp = config.onrampSandboxFile ? ['--onramp-sandbox', config.onrampSandboxFile] : []
    const nodeUrl = (kind: NodeKind, port: number) =>
      `${kind === 'relay' ? 'ws' : 'http'}://${hostPort(host, port)}`
    const adminTokenFile = join(config.dataDir, 'api-admin.token')
    const adminToken = secretFile(adminTokenFile)
    // Made here, before the auth nodes start, so they do not race to make one each.
    authKek(process.env, join(config.dataDir, 'auth.kek'))
    const publicUrl = {
      relay: `ws://${hostPort(host, config.ports.relay)}`,
      api: `http://${hostPort(host, config.ports.api)}`,
      auth: `http://${hostPort(host, config.ports.frame)}`,
    }
    const mailUrl = `http://${hostPort(host, config.ports.mail)}`
    const argsOf: Record<NodeKind, (port: number) => string[]> = {
      // Clients sign their relay JWT for the public URL, haproxy's, not the node's own.
      relay: (port) => [
        'relay',
        '--port',
        String(port),
        '--audience',
        publicUrl.relay,
        '--log-level',
        'warn',
        ...shared,
      ],
      // Every api node runs the web routes; the background work runs on one at a time (a Postgres lock).
      // Clients reach the nodes through haproxy and send its Host, which each node's Host check must pass.
      api: (port) => [
        'api',
        '--port',
        String(port),
        '--role',
        'all',
        '--admin-token-file',
        adminTokenFile,
        '--public-url',
        publicUrl.api,
        ...chains,
        ...onramp,
        ...shared,
      ],
      auth: (port) => [
        'auth',
        '--port',
        String(port),
        '--smtp',
        `smtp://${hostPort(host, config.ports.smtp)}`,
        '--kek-file',
        join(config.dataDir, 'auth.kek'),
        '--public-url',
        publicUrl.auth,
        ...chains,
        ...shared,
      ],
    }
    const startNodes = (kind: NodeKind) =>
      ports[kind].map((port, index) =>
        supervise(`${kind}-${index + 1}`, argsOf[kind](port), port, { env: nodeEnv }),
      )
    // The api nodes migrate the database (one at a time, under a lock) before the auth nodes use it.
    const [mail, ...relayAndApi] = await stages.start([
      supervise(
        'mail',
        [
          'mail',
          '--host',
          host,
          '--smtp-port',
          String(config.ports.smtp),
          '--port',
          String(config.ports.mail),
        ],
        config.ports.mail,
      ),
      ...startNodes('relay'),
      ...startNodes('api'),
    ])
    const authNodes = await stages.start(startNodes('auth'))
    const nodes: Record<NodeKind, Supervised[]> = {
      relay: relayAndApi.slice(0, config.counts.relay),
      api: relayAndApi.slice(config.counts.relay),
      auth: authNodes,
    }
    const frontends: HaproxyFrontend[] = nodeKinds.map((kind) => ({
      name: kind,
      host,
      port: { relay: config.ports.relay, api: config.ports.api, auth: config.ports.frame }[kind],
      balance: kind === 'relay' ? 'leastconn' : 'roundrobin',
      // The nodes run with their default limits, so haproxy holds each client to what one node would.
      socketsPerClient:
        kind === 'relay' ? relaySocketsPerClient(defaultRelayLimits) : DEFAULT_SOCKETS_PER_CLIENT,
      nodes: ports[kind].map((port) => ({ host, port })),
    }))
    const haproxyFile = join(config.dataDir, 'haproxy.cfg')
    writeFileSync(haproxyFile, haproxyConfig(frontends), { mode: 0o600 })
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', haproxyFile], { encoding: 'utf8' })
    if (check.status !== 0) throw new Error(`haproxy refused ${haproxyFile}:\n${check.stderr}${check.stdout}`)
    const [haproxy] = await stages.start([
      supervise('haproxy', ['-db', '-f', haproxyFile], config.ports.relay, { command: HAPROXY }),
    ])
    for (const url of [healthOf(config.ports.api), healthOf(config.ports.frame)])
      if (!(await answersBelow500(url))) throw new Error(`${url} does not answer through haproxy`)
    const entries = (kind: NodeKind): ClusterNodeEntry[] =>
      nodes[kind].map((node, index) => ({
        name: node.name,
        url: nodeUrl(kind, ports[kind][index] as number),
        pgid: node.pgid,
      }))
    const stack: ClusterStackFile = {
      relay: { url: publicUrl.relay },
      api: { url: publicUrl.api, adminToken },
      auth: { url: publicUrl.auth },
      mail: { url: mailUrl, smtp: `smtp://${hostPort(host, config.ports.smtp)}` },
      cluster: {
        nodes: { relay: entries('relay'), api: entries('api'), auth: entries('auth') },
        haproxy: { config: haproxyFile, pgid: (haproxy as Supervised).pgid },
        database,
        redis: redisUrl,
        trustProxy: host,
      },
    }
    // After the start: a node lost later is logged, and haproxy stops sending to it.
    for (const node of [...Object.values(nodes).flat(), mail as Supervised, haproxy as Supervised])
      void node.exited.then((code) => {
        if (!stages.stopping)
          log(
            `${node.name} exited (${code}); the others keep serving. Its log: ${join(logs, `${node.name}.log`)}`,
          )
      })
    writePartialStackFile(config.stackFile, stack)
    await stages.start([{ name: 'the stack file', stop: async () => removeStackFile(config.stackFile) }])
    return { stack, stackFile: config.stackFile, adminTokenFile, stop }
  } catch (error) {
    return stopAfterFailedStart(error, stop)
  }
}
