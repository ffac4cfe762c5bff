import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generateSigningKeyPair, signRelayJwt } from '../../crypto/index.js'
import { Load, type PhaseResult } from './load.js'

/**
 * Relay throughput and latency against a bare `ws` fan-out server measured in the same run.
 * Each server runs in its own process; this process drives N clients, each subscribed to its own topic.
 */
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,10000' },
    messages: { type: 'string', default: '20000' },
    rate: { type: 'string', default: '1000' },
  },
})
const clientCounts = values.clients.split(',').map(Number)
const messages = Number(values.messages)
const rate = Number(values.rate)
// Run by scripts/bench.mjs from the repository root, where dist/ is.
const root = process.cwd()

type Server = { url: string; stop(): Promise<void> }

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
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
          console.error(await exited)
        },
      })
    })
  })
}

type Row = { server: string; clients: number; throughput: PhaseResult; latency: PhaseResult }

async function measure(
  server: string,
  clients: number,
  start: () => Promise<Server>,
  auth: boolean,
): Promise<Row> {
  const running = await start()
  // Every client has its own key, hence its own client id: the relay never echoes to the publisher's id.
  const query = () =>
    `auth=${signRelayJwt({ secretKey: generateSigningKeyPair().secretKey, aud: running.url })}&projectId=bench`
  const load = new Load({ url: running.url, clients, ack: auth, query: auth ? query : () => '' })
  try {
    await load.connect()
    await load.run({ count: Math.min(2000, messages), window: 64 })
    const throughput = await load.run({ count: messages, window: 256 })
    const latency = await load.run({ count: Math.min(messages, rate * 5), window: 256, ratePerSecond: rate })
    return { server, clients, throughput, latency }
  } finally {
    load.close()
    await running.stop()
  }
}

const rows: Row[] = []
for (const clients of clientCounts) {
  rows.push(
    await measure(
      'bare ws fan-out',
      clients,
      () =>
        startServer(
          process.execPath,
          [fileURLToPath(new URL('./bareFanout.js', import.meta.url)), '0'],
          /listening (\d+)/,
          (m) => `ws://127.0.0.1:${m[1]}`,
        ),
      false,
    ),
  )
  rows.push(
    await measure(
      'pairwise relay',
      clients,
      () =>
        startServer(
          process.execPath,
          ['dist/services/cli/main.js', 'relay', '--port', '0', '--store', 'memory', '--log-level', 'warn'],
          /(ws:\/\/127\.0\.0\.1:\d+)/,
          (m) => m[1]!,
        ),
      true,
    ),
  )
}

const fmt = (n: number, digits = 1) => n.toFixed(digits)
console.log(
  `\nrelay benchmark: ${messages} messages at full speed, then ${rate}/s for latency; 180-byte messages`,
)
console.log('server            clients  msgs/s (max)  p50 ms  p99 ms  | at fixed rate: p50 ms  p99 ms')
for (const row of rows) {
  console.log(
    `${row.server.padEnd(17)} ${String(row.clients).padStart(7)}  ${fmt(row.throughput.perSecond, 0).padStart(12)}  ${fmt(row.throughput.latencyMs.p50).padStart(6)}  ${fmt(row.throughput.latencyMs.p99).padStart(6)}  |  ${fmt(row.latency.latencyMs.p50).padStart(20)}  ${fmt(row.latency.latencyMs.p99).padStart(6)}`,
  )
}
for (const clients of clientCounts) {
  const bare = rows.find((r) => r.clients === clients && r.server.startsWith('bare'))
  const ours = rows.find((r) => r.clients === clients && r.server.startsWith('pairwise'))
  if (!bare || !ours) continue
  console.log(
    `${clients} clients: throughput ratio pairwise/bare = ${fmt(ours.throughput.perSecond / bare.throughput.perSecond, 2)}; ` +
      `p99 at ${rate}/s: pairwise ${fmt(ours.latency.latencyMs.p99)} ms vs bare ${fmt(bare.latency.latencyMs.p99)} ms`,
  )
}
