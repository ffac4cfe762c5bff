import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { readChainsFile } from '../cli/chainsFile.js'
import { parsePort } from '../cli/flags.js'
import { readOnrampSandboxFile } from '../cli/onrampSandboxFile.js'
import { runUntilSignal } from '../cli/runUntilSignal.js'
import { parseOperatorNumber } from '../kit/operatorNumber.js'
import { redisUrlOf } from '../sharedState/redisUrl.js'
import { type StackPart, stackConfig, stackPorts } from '../stack/config.js'
import { clusterDatabaseUrlOf } from './clusterDatabaseUrl.js'
import { redactedUrl } from './redactedUrl.js'
import {
  type ClusterConfig,
  nodeKinds,
  nodePorts,
  type RunningCluster,
  startCluster,
} from './startCluster.js'
import { selfCommand } from './supervised.js'

export const clusterUsage = [
  'pairwise cluster [--api N] [--relay N] [--auth N] [--host H] [--data-dir DIR] [--stack-file FILE] [--relay-port N] [--api-port N] [--frame-port N] [--smtp-port N] [--mail-port N] [--node-port N] [--database URL | --postgres-port N] [--redis URL | --redis-port N] [--chains FILE] [--onramp-sandbox FILE]',
  '  --api/--relay/--auth N  nodes of each (default 2), each `pairwise <kind>` in a process of its own, behind haproxy',
  '  --relay-port, --api-port, --frame-port  the public ports: haproxy (default 8787, 8788, 8789, as `pairwise start`)',
  '  --node-port N  the nodes listen on consecutive ports from N (default 9100): relay nodes, then api, then auth',
  '  --database URL, --redis URL  a PostgreSQL and a Redis to share (else DATABASE_URL and PAIRWISE_REDIS_URL, which keep a password off the process list); else a throwaway one of each, password-protected, is started on loopback',
  '  --chains FILE  the chains every api and auth node serves (as `pairwise api --chains`)',
  '  --onramp-sandbox FILE  the onramp sandbox every api node serves, one node at a time delivering (as `pairwise api --onramp-sandbox`)',
  '  --data-dir DIR  haproxy.cfg, the api admin token and the auth key (default .pairwise/cluster)',
].join('\n')

const DEFAULT_NODE_PORT = 9100
const DEFAULT_NODES = 2

function count(value: string | undefined, flag: string): number {
  if (value === undefined) return DEFAULT_NODES
  return parseOperatorNumber(value, flag, { what: 'a number of nodes', min: 1, max: 32 })
}

/**
 * What `pairwise cluster` prints once it is up. Terminals and logs are read by others than the operator:
 * the URLs go without their passwords and the admin token as the file holding it.
 */
export function clusterBanner(cluster: RunningCluster, dataDir: string): string[] {
  const { stack } = cluster
  const { nodes, haproxy, database, redis } = stack.cluster
  return [
    'Pairwise cluster is up (haproxy in front; the nodes trust its X-Forwarded-For only):',
    `  relay  ${stack.relay.url}`,
    `  api    ${stack.api.url}  (admin token in ${cluster.adminTokenFile})`,
    `  auth   ${stack.auth.url}  (the secure frame at /frame)`,
    `  mail   ${stack.mail.url}  (SMTP ${stack.mail.smtp})`,
    ...nodeKinds.map((kind) => `  ${kind} nodes  ${nodes[kind].map((node) => node.url).join('  ')}`),
    `  postgres ${redactedUrl(database)}`,
    `  redis  ${redactedUrl(redis)}`,
    `  haproxy ${haproxy.config}`,
    `Logs: ${join(dataDir, 'logs')}/<process>.log`,
    `Stack file: ${cluster.stackFile} (every URL and secret, for its owner only)`,
    'Press Ctrl-C to stop.',
  ]
}

type PublicPort = keyof ClusterConfig['ports'] & StackPart

/** What listens on each public port, named as in the stack's table: `--<name>-port`, else its env. */
const publicListeners: Record<PublicPort, string> = {
  relay: 'the relay frontend',
  api: 'the api frontend',
  frame: 'the auth frontend',
  smtp: 'the mail service (SMTP)',
  mail: 'the mail service',
}
const publicPorts = Object.keys(publicListeners) as PublicPort[]

type Listener = { listener: string; source: string; port: number }

const givenPort = (listener: string, flag: string, port: number | undefined): Listener[] =>
  port === undefined ? [] : [{ listener, source: `${flag} ${port}`, port }]

/**
 * Refuses two processes of the cluster on one port, naming where each port came from. Each port is checked
 * free before anything starts, but a port given twice is free too: the second process would fail to bind
 * only once those before it had started.
 */
function assertOwnPorts(config: Omit<ClusterConfig, 'self' | 'log'>): void {
  const nodes = nodePorts(config)
  const listeners: Listener[] = [
    ...publicPorts.map((part) => ({
      listener: publicListeners[part],
      source: `--${part}-port or ${stackPorts[part].env}`,
      port: config.ports[part],
    })),
    ...nodeKinds.flatMap((kind) =>
      nodes[kind].map((port, index) => ({
        listener: `${kind}-${index + 1}`,
        source: `--node-port ${config.nodePort}`,
        port,
      })),
    ),
    ...givenPort('postgres', '--postgres-port', config.postgresPort),
    ...givenPort('redis', '--redis-port', config.redisPort),
  ]
  const owners = new Map<number, Listener>()
  for (const listener of listeners) {
    const owner = owners.get(listener.port)
    if (owner)
      throw new Error(
        `${listener.listener} (${listener.source}) and ${owner.listener} (${owner.source}) would both listen on port ${listener.port}: each process needs a port of its own`,
      )
    owners.set(listener.port, listener)
  }
}

/**
 * The cluster's settings from its flags, then env (`PAIRWISE_HOST`, `PAIRWISE_<PART>_PORT`, `DATABASE_URL`,
 * `PAIRWISE_REDIS_URL`): every one checked before anything starts.
 */
export function clusterConfigOf(args: string[], env: NodeJS.ProcessEnv): Omit<ClusterConfig, 'self' | 'log'> {
  const { values } = parseArgs({
    args,
    options: {
      api: { type: 'string' },
      relay: { type: 'string' },
      auth: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'stack-file': { type: 'string' },
      'relay-port': { type: 'string' },
      'api-port': { type: 'string' },
      'frame-port': { type: 'string' },
      'smtp-port': { type: 'string' },
      'mail-port': { type: 'string' },
      'node-port': { type: 'string' },
      database: { type: 'string' },
      chains: { type: 'string' },
      'onramp-sandbox': { type: 'string' },
      'postgres-port': { type: 'string' },
      redis: { type: 'string' },
      'redis-port': { type: 'string' },
    },
  })
  // The public ports are the stack's (flag, else PAIRWISE_<PART>_PORT, else the default): one client
  // configuration serves `pairwise start` and `pairwise cluster` alike.
  const stack = stackConfig(env, {
    host: values.host,
    stackFile: values['stack-file'],
    // The ports of the local chains and pages are not the cluster's: it may take them.
    parts: publicPorts,
    ports: {
      relay: parsePort(values['relay-port'], '--relay-port'),
      api: parsePort(values['api-port'], '--api-port'),
      frame: parsePort(values['frame-port'], '--frame-port'),
      smtp: parsePort(values['smtp-port'], '--smtp-port'),
      mail: parsePort(values['mail-port'], '--mail-port'),
    },
  })
  const config = {
    host: stack.host,
    dataDir: values['data-dir'] ?? '.pairwise/cluster',
    stackFile: stack.stackFile,
    counts: {
      relay: count(values.relay, '--relay'),
      api: count(values.api, '--api'),
      auth: count(values.auth, '--auth'),
    },
    ports: {
      relay: stack.ports.relay,
      api: stack.ports.api,
      frame: stack.ports.frame,
      smtp: stack.ports.smtp,
      mail: stack.ports.mail,
    },
    nodePort: parsePort(values['node-port'], '--node-port') ?? DEFAULT_NODE_PORT,
    // The names `pairwise api` and `pairwise auth` read: one environment configures a node or a cluster.
    databaseUrl: clusterDatabaseUrlOf(values.database, env),
    postgresPort: parsePort(values['postgres-port'], '--postgres-port'),
    redisUrl: redisUrlOf(values.redis, env),
    redisPort: parsePort(values['redis-port'], '--redis-port'),
    chainsFile: values.chains,
    onrampSandboxFile: values['onramp-sandbox'],
  }
  // Read here as each api and auth node will read them: a bad file (or a delivery key others may read)
  // is named now, not in a node's log once Postgres, Redis and every node before it have started.
  if (config.chainsFile !== undefined) readChainsFile(config.chainsFile)
  if (config.onrampSandboxFile !== undefined) readOnrampSandboxFile(config.onrampSandboxFile)
  const last = Math.max(...Object.values(nodePorts(config)).flat())
  if (last > 65535)
    throw new Error(`--node-port ${config.nodePort} leaves no room for every node (up to ${last})`)
  assertOwnPorts(config)
  return config
}

/** `pairwise cluster`: the production layout on this machine, until a signal stops every process of it. */
export async function runClusterCommand(args: string[], log: (line: string) => void): Promise<never> {
  const config = clusterConfigOf(args, process.env)
  const cluster = await startCluster({ ...config, self: selfCommand(), log })
  return runUntilSignal(cluster.stop, log, clusterBanner(cluster, config.dataDir))
}
