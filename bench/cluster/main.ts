import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { generateSigningKeyPair, signRelayJwt } from '../../crypto/noble.js'
import { startPostgres } from '../../services/cluster/postgresServer.js'
import { type RunningCluster, startCluster } from '../../services/cluster/startCluster.js'
import { freePort, freePortRuns } from '../../services/index.js'
import { drive, type Result } from '../api/autocannon.js'
import { Load, type PhaseResult, summarize } from '../relay/load.js'

/**
 * `npm run bench -- cluster [--rounds N] [--seconds S] [--clients N] [--messages N]`: the production layout
 * (`pairwise cluster`: haproxy in front, Postgres and Redis shared) with one node of each kind against two,
 * in alternating rounds. The api is driven by autocannon through haproxy (`GET /health`, a Postgres round
 * trip per request); the relay by N WebSocket clients through haproxy, each publishing to another's topic,
 * so with two nodes about half the messages cross between nodes over Redis. Every figure is a ratio of two
 * node counts measured in the same round.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '200' },
    messages: { type: 'string', default: '10000' },
  },
})
const rounds = Number(values.rounds)
const seconds = Number(values.seconds)
const clients = Number(values.clients)
const messages = Number(values.messages)
for (const [name, value] of Object.entries({ rounds, seconds, clients, messages }))
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`--${name} is a positive whole number`)

const host = '127.0.0.1'
// Run by scripts/bench.mjs from the repository root, where the built CLI is.
const self = { command: process.execPath, args: ['services/dist/cli/main.js'] }
const scratch = mkdtempSync(join(tmpdir(), 'pairwise-bench-cluster-'))

type Measured = { nodes: number; round: number; api: Result; relay: PhaseResult }

async function startNodes(nodes: number, databaseUrl: string, run: string): Promise<RunningCluster> {
  const [relay, api, frame, smtp, mail, first] = (await freePortRuns([1, 1, 1, 1, 1, 2 * nodes + 1])) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const dataDir = join(scratch, run)
  return startCluster({
    host,
    dataDir,
    stackFile: join(dataDir, 'stack.json'),
    counts: { relay: nodes, api: nodes, auth: 1 },
    ports: { relay, api, frame, smtp, mail },
    nodePort: first,
    databaseUrl,
    self,
    log: () => {},
    startTimeoutMs: 120_000,
  })
}

async function measure(nodes: number, round: number, databaseUrl: string): Promise<Measured> {
  const cluster = await startNodes(nodes, databaseUrl, `${nodes}-nodes-round-${round}`)
  try {
    const health = `${cluster.stack.api.url}/health`
    await drive(health, undefined, 1)
    const api = await drive(health, undefined, seconds)
    const url = cluster.stack.relay.url
    // Each client its own key, hence its own client id, and its own loopback address (see load.ts).
    const load = new Load({
      url,
      clients,
      ack: true,
      query: () =>
        `auth=${signRelayJwt({ secretKey: generateSigningKeyPair().secretKey, aud: url })}&projectId=bench`,
    })
    try {
      await load.connect(50)
      await load.run({ count: Math.min(2000, messages), window: 64 })
      const relay = summarize([await load.run({ count: messages, window: 256 })])
      return { nodes, round, api, relay }
    } finally {
      load.close()
    }
  } finally {
    await cluster.stop()
  }
}

const postgres = await startPostgres({ host, port: await freePort(host) })
const measured: Measured[] = []
try {
  for (let round = 1; round <= rounds; round++) {
    // Alternating which count goes first keeps a drift in the machine's speed from favouring either.
    for (const nodes of round % 2 === 1 ? [1, 2] : [2, 1]) {
      const result = await measure(nodes, round, postgres.url)
      measured.push(result)
      console.error(
        `round ${round}, ${nodes} node(s): api ${result.api.perSecond.toFixed(0)} req/s (${result.api.failed} failed), relay ${result.relay.perSecond.toFixed(0)} msg/s`,
      )
    }
  }
} finally {
  await postgres.stop()
  rmSync(scratch, { recursive: true, force: true })
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
const of = (nodes: number, round: number) =>
  measured.find((row) => row.nodes === nodes && row.round === round) as Measured
const perRound = (pick: (row: Measured) => number) =>
  Array.from({ length: rounds }, (_, index) => pick(of(2, index + 1)) / pick(of(1, index + 1)))
const throughput = (pick: (row: Measured) => number, nodes: number) =>
  median(measured.filter((row) => row.nodes === nodes).map(pick))
const apiRate = (row: Measured) => row.api.perSecond
const relayRate = (row: Measured) => row.relay.perSecond
const failed = measured.reduce((sum, row) => sum + row.api.failed, 0)

console.log(
  `\ncluster benchmark: haproxy in front, Postgres and Redis shared; ${rounds} alternating rounds; ` +
    `this machine has ${availableParallelism()} cores, shared by every node, haproxy, Postgres, Redis and the load generators, ` +
    'so a second node cannot add cores here: the ratios show what a node costs to add, not how far more cores scale.',
)
console.log(
  `api, GET /health (a Postgres round trip) by autocannon, 50 connections, ${seconds} s: ` +
    `1 node ${throughput(apiRate, 1).toFixed(0)} req/s, 2 nodes ${throughput(apiRate, 2).toFixed(0)} req/s, ` +
    `2/1 ${median(perRound(apiRate)).toFixed(2)} (median of the rounds' ratios)${failed === 0 ? '' : `; ${failed} requests failed`}`,
)
console.log(
  `relay, ${clients} clients each publishing to another's topic, ${messages} messages, 256 in flight: ` +
    `1 node ${throughput(relayRate, 1).toFixed(0)} msg/s, 2 nodes ${throughput(relayRate, 2).toFixed(0)} msg/s, ` +
    `2/1 ${median(perRound(relayRate)).toFixed(2)}`,
)
