import { fork, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { clientAddress, type Phase, type PhaseResult, summarize } from './load.js'
import type { LoadCommand, LoadReply } from './loadProcess.js'
import { processCpuSeconds } from './processCpu.js'

/**
 * Relay throughput and latency against a bare `ws` fan-out server measured in the same run.
 * Each server runs in its own process, and so do its N clients (loadProcess.ts), each subscribed to its own
 * topic; all of a round's servers run at once and take turns at full speed.
 */
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,10000' },
    // Some 4 s a phase at full speed: a round of 1–2 s moved by a fifth with one GC pause or a neighbour's burst.
    messages: { type: 'string', default: '60000' },
    rate: { type: 'string', default: '1000' },
    // memory: the relay's own cost; sqlite: what `npm start` runs, a commit per publish included.
    store: { type: 'string', default: 'memory,sqlite' },
    // Each round measures every server by turns (measureRound); the summary gives medians over rounds.
    rounds: { type: 'string', default: '3' },
    // The relay's entry point, run with `--port 0 --store …`; the built one unless told otherwise.
    relay: { type: 'string', default: 'services/dist/relay/main.js' },
  },
})
type Store = 'memory' | 'sqlite'
const stores = values.store.split(',') as Store[]
if (!stores.every((store) => store === 'memory' || store === 'sqlite'))
  throw new Error('--store is memory, sqlite or both (memory,sqlite)')
// Issue 34's bars, with the relay's limits on at their defaults: throughput against bare on memory (the
// relay's own cost), p99 at the fixed rate on SQLite (a durable write before every ack is the price).
const targets: Record<Store, { ratio?: number; p99Ms?: number }> = {
  memory: { ratio: 0.7 },
  sqlite: { p99Ms: 20 },
}
const clientCounts = values.clients.split(',').map(Number)
const messages = Number(values.messages)
const rate = Number(values.rate)
const rounds = Number(values.rounds)
if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error('--rounds is a positive integer')
// Run by scripts/bench.mjs from the repository root, after the build (the relay from services/dist/).
const root = process.cwd()
const scratch = mkdtempSync(join(tmpdir(), 'pairwise-bench-relay-'))
let databases = 0
const storeArg = (store: Store) =>
  store === 'sqlite' ? `sqlite:${join(scratch, `mailbox-${databases++}.db`)}` : 'memory'

type Server = {
  url: string
  /** CPU seconds the server process has used so far, user and system; undefined without Linux's /proc. */
  cpuSeconds(): number | undefined
  stop(): Promise<void>
}

function startServer(
  command: string,
  args: string[],
  ready: RegExp,
  toUrl: (match: RegExpMatchArray) => string,
): Promise<Server> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(`${args.join(' ')} exited with ${code ?? signal}`)),
  )
  return new Promise((resolve, reject) => {
    let output = ''
    void exited.then((why) => reject(new Error(`${why}: ${output}`)))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(ready)
      if (!match) return
      resolve({
        url: toUrl(match),
        cpuSeconds: () => processCpuSeconds(child.pid),
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
          console.error(await exited)
        },
      })
    })
  })
}

type Row = {
  store: Store
  server: string
  clients: number
  round: number
  throughput: PhaseResult
  latency: PhaseResult
  /** CPU a delivered message cost at full speed, in µs: the server's, and its clients' process's. */
  cpu: { server: number; clients: number } | undefined
}

/** A load process (loadProcess.ts) holding one server's clients; it is given one command at a time. */
class LoadChannel {
  private readonly child = fork(fileURLToPath(new URL('./loadProcess.js', import.meta.url)))

  call(command: LoadCommand): Promise<Exclude<LoadReply, { kind: 'failed' }>> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`a load process exited with ${code}`))
      this.child.once('exit', exited)
      this.child.once('message', (reply: LoadReply) => {
        this.child.off('exit', exited)
        if (reply.kind === 'failed') reject(new Error(reply.message))
        else resolve(reply)
      })
      this.child.send(command)
    })
  }

  async run(
    command: Omit<LoadCommand & { kind: 'run' }, 'kind'>,
  ): Promise<{ phase: Phase; cpuSeconds: number }> {
    const reply = await this.call({ kind: 'run', ...command })
    if (reply.kind !== 'ran') throw new Error(`a load process answered ${reply.kind} to run`)
    return reply
  }

  close(): void {
    if (this.child.connected) this.child.disconnect()
  }
}

// A round's full-speed messages go in this many slices per server, the servers taking turns: a slowdown of
// this shared machine (tens of seconds, a third of its speed, seen here between and within runs) then falls
// on every server of the round alike, instead of on whichever was measured while it lasted.
const SLICES = 4

/** A server of the round, its clients, and what its slices added up to. */
type Measured = {
  name: ServerName
  server: Server
  load: LoadChannel
  phases: Phase[]
  /** CPU seconds over the slices: the server's (undefined where /proc could not tell), its clients'. */
  serverSeconds: number | undefined
  clientSeconds: number
}

/** Every server of a round running at once, each with its clients connected; their rows. */
async function measureRound(
  clients: number,
  names: ServerName[],
  specs: Record<ServerName, ServerSpec>,
): Promise<Pick<Row, 'server' | 'throughput' | 'latency' | 'cpu'>[]> {
  const measured: Measured[] = []
  try {
    for (const name of names) {
      const { start, auth, ack } = specs[name]
      const server = await start()
      const load = new LoadChannel()
      measured.push({ name, server, load, phases: [], serverSeconds: 0, clientSeconds: 0 })
      await load.call({ kind: 'connect', url: server.url, clients, ack, auth })
      // Warm-up: the JIT and the heap settle after the connections' burst, before anything is measured.
      await load.run({ count: Math.min(5000, messages), window: 64 })
    }
    for (let slice = 0; slice < SLICES; slice++)
      for (const entry of slice % 2 === 0 ? measured : measured.toReversed()) {
        const before = entry.server.cpuSeconds()
        const { phase, cpuSeconds } = await entry.load.run({
          count: Math.ceil(messages / SLICES),
          window: 256,
        })
        const after = entry.server.cpuSeconds()
        entry.phases.push(phase)
        entry.clientSeconds += cpuSeconds
        entry.serverSeconds =
          entry.serverSeconds === undefined || before === undefined || after === undefined
            ? undefined
            : entry.serverSeconds + after - before
      }
    const rows: Pick<Row, 'server' | 'throughput' | 'latency' | 'cpu'>[] = []
    for (const { name, load, phases, serverSeconds, clientSeconds } of measured) {
      const fixedRate = await load.run({
        count: Math.min(messages, rate * 5),
        window: 256,
        ratePerSecond: rate,
      })
      const throughput = summarize(phases)
      const perMessage = (seconds: number) => (seconds * 1e6) / throughput.messages
      rows.push({
        server: name,
        throughput,
        latency: summarize([fixedRate.phase]),
        cpu:
          serverSeconds === undefined
            ? undefined
            : { server: perMessage(serverSeconds), clients: perMessage(clientSeconds) },
      })
    }
    return rows
  } finally {
    for (const { load } of measured) load.close()
    for (const { server } of measured) await server.stop()
  }
}

const BARE = 'bare ws fan-out'
// The same bare server with clients that acknowledge every push, as the relay's must: what the protocol's
// acknowledgements alone cost here. Storeless, so measured beside the memory store only.
const BARE_ACKED = 'bare, acked'
const RELAY = 'pairwise relay'
type ServerName = typeof BARE | typeof BARE_ACKED | typeof RELAY
const startBare = () =>
  startServer(
    process.execPath,
    [fileURLToPath(new URL('./bareFanout.js', import.meta.url)), '0'],
    /listening (\d+)/,
    (m) => `ws://127.0.0.1:${m[1]}`,
  )
type ServerSpec = { auth: boolean; ack: boolean; start: () => Promise<Server> }
const servers = (store: Store): Record<ServerName, ServerSpec> => ({
  [BARE]: { auth: false, ack: false, start: startBare },
  [BARE_ACKED]: { auth: false, ack: true, start: startBare },
  [RELAY]: {
    auth: true,
    ack: true,
    start: () =>
      startServer(
        process.execPath,
        [values.relay, '--port', '0', '--store', storeArg(store), '--log-level', 'warn'],
        /(ws:\/\/127\.0\.0\.1:\d+)/,
        (m) => m[1]!,
      ),
  },
})

const rows: Row[] = []
for (const store of stores)
  for (const clients of clientCounts)
    for (let round = 1; round <= rounds; round++) {
      // Which server starts the slices alternates by round, and the order turns round each slice, so none
      // always follows another; the bare server is measured again beside each store.
      const names: ServerName[] = store === 'memory' ? [BARE, BARE_ACKED, RELAY] : [BARE, RELAY]
      const measured = await measureRound(
        clients,
        round % 2 === 1 ? names : names.toReversed(),
        servers(store),
      )
      for (const row of measured) rows.push({ store, clients, round, ...row })
    }

rmSync(scratch, { recursive: true, force: true })

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
console.log(
  `\nrelay benchmark: ${messages} messages at full speed, then ${rate}/s for latency; 180-byte messages; ` +
    `relay stores: ${stores.join(', ')}; ${rounds} round(s) each`,
)
console.log(
  `relay limits at their defaults; each client connects from its own loopback address ` +
    `(${clientAddress(0)} … ${clientAddress(Math.max(...clientCounts) - 1)}), so per-address limits apply per client`,
)
console.log(
  'store   server            clients  round  msgs/s (max)  p50 ms  p99 ms  | at fixed rate: p50 ms  p99 ms' +
    '  | CPU µs/msg: server  clients',
)
const cpuText = (cpu: Row['cpu'], key: 'server' | 'clients', width: number) =>
  (cpu ? fmt(cpu[key]) : '–').padStart(width)
for (const row of rows) {
  console.log(
    `${row.store.padEnd(7)} ${row.server.padEnd(17)} ${String(row.clients).padStart(7)}  ${String(row.round).padStart(5)}  ${fmt(row.throughput.perSecond, 0).padStart(12)}  ${fmt(row.throughput.latencyMs.p50).padStart(6)}  ${fmt(row.throughput.latencyMs.p99).padStart(6)}  |  ${fmt(row.latency.latencyMs.p50).padStart(20)}  ${fmt(row.latency.latencyMs.p99).padStart(6)}  |  ${cpuText(row.cpu, 'server', 16)}  ${cpuText(row.cpu, 'clients', 7)}`,
  )
}
// Each row's throughput over the same round's row of `baseline`.
const roundRatios = (rows: Row[], baseline: Row[]) =>
  rows.map((row, index) => row.throughput.perSecond / (baseline[index]?.throughput.perSecond ?? Number.NaN))
console.log(`\nmedians over ${rounds} round(s); throughput as a ratio to the bare fan-out of the same round`)
for (const store of stores)
  for (const clients of clientCounts) {
    const of = (server: string) =>
      rows.filter((r) => r.store === store && r.clients === clients && r.server === server)
    const bare = of(BARE)
    const ours = of(RELAY)
    const acked = of(BARE_ACKED)
    const ratios = roundRatios(ours, bare)
    const ratio = median(ratios)
    const roundsText = (list: number[]) =>
      rounds > 1 ? ` (rounds ${list.map((r) => fmt(r, 2)).join(', ')})` : ''
    const p99 = (list: Row[]) => median(list.map((row) => row.latency.latencyMs.p99))
    const { ratio: targetRatio, p99Ms: targetP99 } = targets[store]
    const verdicts = [
      ...(targetRatio === undefined
        ? []
        : [`ratio ≥ ${targetRatio}: ${ratio >= targetRatio ? 'met' : 'NOT met'}`]),
      ...(targetP99 === undefined
        ? []
        : [`p99 < ${targetP99} ms: ${p99(ours) < targetP99 ? 'met' : 'NOT met'}`]),
    ]
    console.log(
      `${store} ${clients} clients: throughput ratio pairwise/bare = ${fmt(ratio, 2)}` +
        `${roundsText(ratios)}; ` +
        `p99 at ${rate}/s: pairwise ${fmt(p99(ours))} ms vs bare ${fmt(p99(bare))} ms; target ${verdicts.join(', ')}`,
    )
    if (acked.length > 0) {
      const floor = roundRatios(acked, bare)
      const ofFloor = roundRatios(ours, acked)
      console.log(
        `  the acknowledgements' floor: bare, acked/bare = ${fmt(median(floor), 2)}${roundsText(floor)}; ` +
          `pairwise/(bare, acked) = ${fmt(median(ofFloor), 2)}${roundsText(ofFloor)}`,
      )
    }
    const cpu = (list: Row[], key: 'server' | 'clients') => {
      const figures = list.flatMap((row) => (row.cpu ? [row.cpu[key]] : []))
      return figures.length === list.length ? median(figures) : undefined
    }
    const [oursServer, bareServer, oursClients, bareClients] = [
      cpu(ours, 'server'),
      cpu(bare, 'server'),
      cpu(ours, 'clients'),
      cpu(bare, 'clients'),
    ]
    // The servers and the clients share this machine's cores: at full speed the throughput ratio is about the
    // ratio of their summed CPU a message, the clients' included (ours ack every push; the bare ones need not).
    if (oursServer && bareServer && oursClients && bareClients)
      console.log(
        `  CPU a message at full speed: server ${fmt(oursServer)} µs vs bare ${fmt(bareServer)} µs ` +
          `(bare/pairwise ${fmt(bareServer / oursServer, 2)}); clients ${fmt(oursClients)} µs vs ${fmt(bareClients)} µs; ` +
          `both together bare/pairwise ${fmt((bareServer + bareClients) / (oursServer + oursClients), 2)}; ` +
          `${cpus().length} cores`,
      )
  }
