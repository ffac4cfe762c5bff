import { parseArgs } from 'node:util'
import { type RunningRelay, silentLogger, startRelay } from '../../services/relay/index.js'
import { type Implementation, official225, ours, type SignSide } from '../../test/interop/support/sides.js'
import { LOCAL_CHAIN, runWalletAgent, walletAccount } from '../../test/interop/support/walletAgent.js'
import { measureBundle, signClientApp } from './bundle.js'

/**
 * Our engine against the official `@walletconnect/sign-client` 2.25.0, through one Pairwise relay in the
 * same run: connect→settled and request round-trip latency (our dapp with our wallet against the
 * official dapp with the official wallet), and the browser bundle of a one-line app using each client.
 */
const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } })
const runs = Number(values.runs)
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()

// Both wallets hold a request back for a second after answering the previous one (the request queue
// delay); requests are spaced beyond it so each round trip measures the protocol, not the queue.
const QUEUE_DELAY_MS = 1_100

type Pair = { dapp: SignSide; wallet: SignSide; implementation: Implementation }
type Samples = { connect: number[]; request: number[] }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function openPair(implementation: Implementation, relay: RunningRelay): Promise<Pair> {
  const dapp = await implementation.make('dapp', relay.url)
  const wallet = await implementation.make('wallet', relay.url)
  runWalletAgent(wallet, implementation)
  return { dapp, wallet, implementation }
}

const requested = { eip155: { chains: [LOCAL_CHAIN], methods: ['personal_sign'], events: [] } }

/** One connect (pair, propose, approve, settle) and one personal_sign; returns both latencies in ms. */
async function measureOnce({ dapp, wallet }: Pair): Promise<{ connect: number; request: number }> {
  const connectStart = performance.now()
  const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
  if (!uri) throw new Error('connect() gave no URI')
  const [session] = await Promise.all([approval(), wallet.pair({ uri })])
  const connect = performance.now() - connectStart

  const requestStart = performance.now()
  await dapp.request({
    topic: session.topic,
    chainId: LOCAL_CHAIN,
    request: { method: 'personal_sign', params: ['0x50616972776973', walletAccount.address] },
  })
  const request = performance.now() - requestStart
  await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
  return { connect, request }
}

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

const relay = await startRelay({ port: 0, store: 'memory', logger: silentLogger })
const pairs = [await openPair(ours, relay), await openPair(official225, relay)]
const samples = new Map<Implementation, Samples>(
  pairs.map((pair) => [pair.implementation, { connect: [], request: [] }]),
)
try {
  // A warm-up round each, then alternate which goes first so neither always meets a colder process.
  for (const pair of pairs) await measureOnce(pair)
  await sleep(QUEUE_DELAY_MS)
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? pairs : [...pairs].reverse()
    for (const pair of order) {
      const { connect, request } = await measureOnce(pair)
      const own = samples.get(pair.implementation) as Samples
      own.connect.push(connect)
      own.request.push(request)
    }
    await sleep(QUEUE_DELAY_MS)
  }
} finally {
  for (const pair of pairs) {
    await pair.implementation.close(pair.dapp)
    await pair.implementation.close(pair.wallet)
  }
  await relay.close()
}

const ourBundle = await measureBundle(signClientApp('./engine/index.ts'), root)
const officialBundle = await measureBundle(signClientApp('@walletconnect/sign-client'), root)

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const oursSamples = samples.get(ours) as Samples
const officialSamples = samples.get(official225) as Samples
console.log(`\nengine benchmark: ${runs} runs each through one Pairwise relay (${relay.url}, memory store)`)
console.log(
  'metric                      ours p50  ours p95  official p50  official p95  ratio p50  ratio p95',
)
for (const metric of ['connect', 'request'] as const) {
  const label = metric === 'connect' ? 'connect→settled (ms)' : 'request round trip (ms)'
  const [a50, a95] = [quantile(oursSamples[metric], 0.5), quantile(oursSamples[metric], 0.95)]
  const [b50, b95] = [quantile(officialSamples[metric], 0.5), quantile(officialSamples[metric], 0.95)]
  console.log(
    `${label.padEnd(26)}  ${fmt(a50).padStart(8)}  ${fmt(a95).padStart(8)}  ${fmt(b50).padStart(12)}  ${fmt(b95).padStart(12)}  ${fmt(a50 / b50, 2).padStart(9)}  ${fmt(a95 / b95, 2).padStart(9)}`,
  )
}
console.log('targets: ratio p50 ≤ 0.55 for both')
console.log('\nbrowser bundle (esbuild: bundle, minify, esm, platform browser, tree-shaking)')
console.log('                 ours      official  ratio')
console.log(
  `minified (B)  ${String(ourBundle.minified).padStart(9)}  ${String(officialBundle.minified).padStart(9)}  ${fmt(ourBundle.minified / officialBundle.minified, 2)}`,
)
console.log(
  `gzipped (B)   ${String(ourBundle.gzipped).padStart(9)}  ${String(officialBundle.gzipped).padStart(9)}  ${fmt(ourBundle.gzipped / officialBundle.gzipped, 2)}  (target ≤ 0.30)`,
)
const top = (size: typeof ourBundle) =>
  size.contributors
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${fmt(bytes / 1024)} KiB`)
    .join(', ')
console.log(`\nlargest parts, minified — ours: ${top(ourBundle)}`)
console.log(`largest parts, minified — official: ${top(officialBundle)}`)
