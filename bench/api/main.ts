import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { migrate, openDatabase } from '../../services/api/db/index.js'
import { indexerMigrations, startIndexer } from '../../services/api/indexer/index.js'
import { transferTopic } from '../../services/api/indexer/transferRow.js'
import { deployFixtures, devPrivateKeys, freePort, localChainId, startChain } from '../../services/index.js'
import { processCpuSeconds } from '../relay/processCpu.js'
import { drive, type Result } from './autocannon.js'

/**
 * `npm run bench -- api [--profile DIR]`: the real api service (startApi, SQLite, indexer running) in
 * its own process against a bare Node HTTP server returning a fixed JSON body, both driven by autocannon
 * from a third process (50 connections, five alternating rounds of 2 s each); then the indexer's lag
 * from a mined transfer to its activity being served, and its catch-up speed over 2,000 blocks holding
 * 10,000 transfers against a loop of raw eth_getLogs calls over the same range in the same range size.
 * The proxy rows also measure its floor (floorProxy.ts) and the api's HTTP lane alone (laneFloor.ts).
 * `--profile DIR` writes the api process's CPU profile there.
 */
const { values: options } = parseArgs({ options: { profile: { type: 'string' } } })
const connections = 50
const seconds = 2
const rounds = 5
// The proxy is judged against its floor (Node, our batcher and upstream client, no checks), measured in the
// same rounds: a ratio to a bare fixed-JSON server measured this machine's cores more than our code.
const targets = { balances: 0.35, proxyOfFloor: 0.85 }
const lagSamples = 200
const catchUp = { blocks: 2000, transfersPerBlock: 5, rangeSize: 100 }
const caip2 = `eip155:${localChainId}`
const silent = {
  info() {},
  warn() {},
  error: (event: string, fields?: object) => console.error(event, fields),
}
const holder = privateKeyToAccount(devPrivateKeys[0]).address
const scratch = mkdtempSync(join(tmpdir(), 'pairwise-bench-'))

type Server = {
  url: string
  /** CPU seconds the server process has used so far; undefined without Linux's /proc. */
  cpuSeconds(): number | undefined
  stop(): Promise<void>
}

function startServer(script: string, args: string[], nodeOptions: string[] = []): Promise<Server> {
  const log = openSync(join(scratch, `${script.replace(/\W/g, '')}.log`), 'a')
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeOptions, fileURLToPath(new URL(script, import.meta.url)), ...args],
    { stdio: ['ignore', 'pipe', log] },
  )
  closeSync(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = String(chunk).match(/listening (\d+)/)?.[1]
      if (port)
        resolve({
          url: `http://127.0.0.1:${port}`,
          cpuSeconds: () => processCpuSeconds(child.pid),
          stop: () => {
            child.kill('SIGTERM')
            return exited
          },
        })
    })
  })
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: T; error?: { message: string } }
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result as T
}

async function rpcBatch(url: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  })
  const answers = (await response.json()) as { id: number; result?: unknown; error?: { message: string } }[]
  const failed = answers.find((answer) => answer.error)
  if (failed) throw new Error(`batch: ${failed.error?.message}`)
  return answers.sort((a, b) => a.id - b.id).map((answer) => answer.result)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
const hex = (n: number | bigint) => `0x${n.toString(16)}`
const receiverAt = (k: number) => `0xbe${k.toString(16).padStart(38, '0')}` as Hex
const tusdTransfer = (to: Hex) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1n] })

type Row = {
  name: string
  target: number
  calls: string
  bare: Result
  api: Result
  /** The median of the rounds' api/bare ratios, each round measuring both back to back. */
  ratio: number
  upstream?: Result
  /** The proxy floor (floorProxy.ts), measured in the same rounds, and the median of its rounds' floor/bare. */
  floor?: Result
  floorRatio?: number
  /** The median of the rounds' api/floor: what the proxy's checks cost. */
  apiFloorRatio?: number
  /**
   * The api's HTTP lane without the checks (laneFloor.ts), measured in the same rounds, and the medians of
   * its rounds' lane/floor and api/lane: what the lane costs, and what the checks and the rest of the api do.
   */
  lane?: Result
  laneFloorRatio?: number
  apiLaneRatio?: number
  /** Each server's CPU µs a request, the median of its rounds; undefined without /proc. */
  cpu?: Partial<Record<Side, number>>
}

type Side = 'bare' | 'api' | 'floor' | 'lane'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

/** A URL to drive, and the server process that answers it, whose CPU each round reads. */
type Measured = { url: string; server: Server }

/**
 * The api against the bare server in `rounds` alternating rounds (after a warm-up of each): this machine's
 * speed drifts by a fifth from one run to the next, and servers measured back to back drift together.
 * With `floors`, the proxy floor and the api's lane alone are measured in each round too. Each server's CPU a
 * request is read from its process around its own rounds: a request's cost drifts less than the machine's
 * share of the cores.
 */
async function paired(
  api: Measured,
  bare: Measured,
  body?: string,
  floors?: { floor: Measured; lane: Measured },
) {
  const measured: Partial<Record<Side, Measured>> = { bare, api, ...floors }
  const sides = Object.keys(measured) as Side[]
  const results: Record<Side, Result[]> = { bare: [], api: [], floor: [], lane: [] }
  const cpu: Record<Side, number[]> = { bare: [], api: [], floor: [], lane: [] }
  for (const side of sides) await drive((measured[side] as Measured).url, body, 1)
  for (let round = 0; round < rounds; round++)
    for (const side of sides) {
      const { url, server } = measured[side] as Measured
      const before = server.cpuSeconds()
      const result = await drive(url, body)
      const after = server.cpuSeconds()
      results[side].push(result)
      if (before !== undefined && after !== undefined)
        cpu[side].push(((after - before) * 1e6) / (result.perSecond * seconds))
    }
  const medianOf = (side: Side): Result => ({
    perSecond: median(results[side].map((result) => result.perSecond)),
    p99: median(results[side].map((result) => result.p99)),
    failed: results[side].reduce((sum, result) => sum + result.failed, 0),
  })
  // Each round's own ratio: the servers of one round ran back to back, on the same speed of the machine.
  const ratioOf = (side: Side, to: Side = 'bare') =>
    median(results[side].map((result, round) => result.perSecond / (results[to][round] as Result).perSecond))
  const cpuOf = Object.fromEntries(
    sides.filter((side) => cpu[side].length === rounds).map((side) => [side, median(cpu[side])]),
  )
  return {
    bare: medianOf('bare'),
    api: medianOf('api'),
    ratio: ratioOf('api'),
    cpu: cpuOf,
    ...(floors
      ? {
          floor: medianOf('floor'),
          floorRatio: ratioOf('floor'),
          apiFloorRatio: ratioOf('api', 'floor'),
          lane: medianOf('lane'),
          laneFloorRatio: ratioOf('lane', 'floor'),
          apiLaneRatio: ratioOf('api', 'lane'),
        }
      : {}),
  }
}

/** Warm-cache balances and two proxy calls, each against the bare server in the same run. */
async function throughputRows(
  api: Server,
  bare: Server,
  proxyFloors: { floor: Server; lane: Server },
  rpcUrl: string,
): Promise<Row[]> {
  const balancesUrl = `${api.url}/v1/balances?projectId=bench&address=${holder}&caipNetworkId=${caip2}`
  const warm = await fetch(balancesUrl)
  if (!warm.ok) throw new Error(`balances answered ${warm.status}: ${await warm.text()}`)
  const proxied = { url: `${api.url}/v1?chainId=${caip2}&projectId=bench`, server: api }
  const bareRoot = { url: `${bare.url}/`, server: bare }
  const floors = {
    floor: { url: `${proxyFloors.floor.url}/`, server: proxyFloors.floor },
    lane: { url: `${proxyFloors.lane.url}/v1`, server: proxyFloors.lane },
  }
  const call = (method: string, params: unknown[]) =>
    JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  const blockNumber = call('eth_blockNumber', [])
  const balance = call('eth_getBalance', [holder, 'latest'])
  const upstream = async (body: string) => {
    await drive(rpcUrl, body, 1)
    return drive(rpcUrl, body)
  }
  return [
    {
      name: 'balances',
      target: targets.balances,
      calls: 'GET /v1/balances, warm cache',
      ...(await paired({ url: balancesUrl, server: api }, { url: `${bare.url}/`, server: bare })),
    },
    {
      name: 'proxy',
      target: targets.proxyOfFloor,
      calls: 'POST /v1 eth_blockNumber',
      ...(await paired(proxied, bareRoot, blockNumber, floors)),
      upstream: await upstream(blockNumber),
    },
    {
      name: 'proxy',
      target: targets.proxyOfFloor,
      calls: "POST /v1 eth_getBalance(holder, 'latest')",
      ...(await paired(proxied, bareRoot, balance, floors)),
      upstream: await upstream(balance),
    },
  ]
}

/**
 * Transfers mined one at a time (native from account 1, tUSD from account 0, alternating) while the api
 * runs: for each, the time from holding its receipt to GET /v1/activity serving it, polled every 15 ms.
 * A random pause before each send keeps the sends from falling in step with the indexer's polling.
 */
async function indexerLag(api: Server, rpcUrl: string, testUsd: Hex): Promise<number[]> {
  const senders = [privateKeyToAccount(devPrivateKeys[1]).address, holder]
  const receiver = receiverAt(0xfeed)
  const activityUrl = `${api.url}/v1/activity?projectId=bench&address=${receiver}&caipNetworkId=${caip2}&limit=1`
  const lags: number[] = []
  for (let i = 0; i < lagSamples; i++) {
    await sleep(Math.random() * 250)
    const erc20 = i % 2 === 1
    const hash = await rpc<Hex>(rpcUrl, 'eth_sendTransaction', [
      erc20
        ? { from: senders[1], to: testUsd, data: tusdTransfer(receiver), gas: hex(100_000) }
        : { from: senders[0], to: receiver, value: '0x1', gas: hex(21_000) },
    ])
    while (!(await rpc<unknown>(rpcUrl, 'eth_getTransactionReceipt', [hash]))) await sleep(2)
    const mined = performance.now()
    for (;;) {
      const page = (await (await fetch(activityUrl)).json()) as { data?: { hash: string }[] }
      if (page.data?.[0]?.hash === hash) break
      if (performance.now() - mined > 10_000) throw new Error(`transfer ${hash} not served within 10 s`)
      await sleep(15)
    }
    lags.push(performance.now() - mined)
  }
  return lags.sort((a, b) => a - b)
}

/** A fresh chain of `catchUp.blocks` blocks after the fixtures, each holding native and tUSD transfers. */
async function fillChain(rpcUrl: string, testUsd: Hex): Promise<{ head: number; transfers: number }> {
  await rpc(rpcUrl, 'evm_setAutomine', [false])
  let nonce = Number(await rpc<Hex>(rpcUrl, 'eth_getTransactionCount', [holder, 'latest']))
  let sent = 0
  for (let block = 0; block < catchUp.blocks; block++) {
    const calls = Array.from({ length: catchUp.transfersPerBlock }, () => {
      const to = receiverAt(sent % 500)
      const transfer =
        sent++ % 2 === 0
          ? { to, value: '0x1', gas: hex(21_000) }
          : { to: testUsd, data: tusdTransfer(to), gas: hex(100_000) }
      return { method: 'eth_sendTransaction', params: [{ from: holder, nonce: hex(nonce++), ...transfer }] }
    })
    await rpcBatch(rpcUrl, calls)
    await rpc(rpcUrl, 'evm_mine')
  }
  await rpc(rpcUrl, 'evm_setAutomine', [true])
  const head = Number(await rpc<Hex>(rpcUrl, 'eth_blockNumber'))
  const last = (await rpc<{ transactions: unknown[] }>(rpcUrl, 'eth_getBlockByNumber', [hex(head), false]))
    .transactions.length
  if (last !== catchUp.transfersPerBlock) throw new Error(`the last block holds ${last} transactions`)
  return { head, transfers: sent }
}

/** Raw eth_getLogs (Transfer topic) over 0…head in ranges of `catchUp.rangeSize`, one after the other. */
async function getLogsLoop(rpcUrl: string, head: number): Promise<{ ms: number; logs: number }> {
  const started = performance.now()
  let logs = 0
  for (let from = 0; from <= head; from += catchUp.rangeSize) {
    const range = { fromBlock: hex(from), toBlock: hex(Math.min(head, from + catchUp.rangeSize - 1)) }
    logs += (await rpc<unknown[]>(rpcUrl, 'eth_getLogs', [{ ...range, topics: [transferTopic] }])).length
  }
  return { ms: performance.now() - started, logs }
}

async function indexerCatchUp() {
  const chain = await startChain({ port: await freePort() })
  try {
    const { testUsd } = await deployFixtures(chain.rpcUrl)
    const filled = performance.now()
    const { head, transfers } = await fillChain(chain.rpcUrl, testUsd)
    const fillMs = performance.now() - filled
    const before = await getLogsLoop(chain.rpcUrl, head)
    const db = await openDatabase(join(scratch, 'catchup.sqlite'))
    await migrate(db, [indexerMigrations])
    const started = performance.now()
    const indexer = startIndexer({
      db,
      logger: silent,
      rpcUrl: chain.rpcUrl,
      chainId: localChainId,
      fromBlock: 0,
      maxBlocksPerRange: catchUp.rangeSize,
    })
    await indexer.caughtUp()
    const indexMs = performance.now() - started
    await indexer.stop()
    const rows = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM indexer_transfers')
    await db.close()
    const after = await getLogsLoop(chain.rpcUrl, head)
    const baseline = before.ms < after.ms ? before : after
    return { head, transfers, fillMs, indexMs, rows: Number(rows?.n), baseline }
  } finally {
    await chain.stop()
  }
}

const chain = await startChain({ port: await freePort() })
const servers: Server[] = []
let rows: Row[]
let lags: number[]
try {
  const { testUsd } = await deployFixtures(chain.rpcUrl)
  const bare = await startServer('./bareServer.js', [])
  servers.push(bare)
  const profile = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : []
  const floor = await startServer('./floorProxy.js', [chain.rpcUrl])
  servers.push(floor)
  const lane = await startServer('./laneFloor.js', [chain.rpcUrl])
  servers.push(lane)
  const api = await startServer('./apiServer.js', [chain.rpcUrl, testUsd], profile)
  servers.push(api)
  rows = await throughputRows(api, bare, { floor, lane }, chain.rpcUrl)
  lags = await indexerLag(api, chain.rpcUrl, testUsd)
} finally {
  for (const server of servers) await server.stop()
  await chain.stop()
}
const caught = await indexerCatchUp()
// Kept when a step above threw: the servers' logs are in it.
rmSync(scratch, { recursive: true, force: true })

const fixed = (n: number, digits = 0) => n.toFixed(digits)
console.log(
  `\napi benchmark — ${availableParallelism()} cores shared by autocannon, the api process, Anvil and this driver;`,
)
console.log(
  `autocannon: ${connections} connections from its own process; api and bare measured in ${rounds} alternating rounds of ${seconds} s each (after 1 s of warm-up each),`,
)
console.log(
  "each figure the median of its rounds, each ratio the median of the rounds' ratios (failed: the sum)",
)
console.log('\nrow                                        server    req/s   p99 ms  failed')
for (const row of rows)
  for (const [server, result] of [
    ['bare', row.bare],
    ['api', row.api],
    ['floor', row.floor],
    ['lane', row.lane],
    ['anvil', row.upstream],
  ] as const)
    if (result)
      console.log(
        `${row.calls.padEnd(42)} ${server.padEnd(6)} ${fixed(result.perSecond).padStart(8)} ${String(result.p99).padStart(8)} ${String(result.failed).padStart(7)}`,
      )
console.log('')
// A verdict's ratio is printed rounded down: 0.4996 misses 0.5, and prints as 0.499, not as the target.
const judged = (ratio: number) => (Math.floor(ratio * 1000) / 1000).toFixed(3)
const verdict = (ratio: number, target: number) =>
  `target ≥ ${target}: ${ratio >= target ? 'met' : 'NOT met'}`
for (const row of rows) {
  const { ratio } = row
  // Latency as a ratio the same way round as throughput: bare p99 / api p99, 1 when both are equal.
  const p99Ratio = Math.max(row.bare.p99, 1) / Math.max(row.api.p99, 1)
  const failed = row.api.failed === 0 ? '' : `, ${row.api.failed} api requests failed: NOT met`
  const upstream = row.upstream
    ? `; Anvil alone (the upstream, its ceiling) ${fixed(row.upstream.perSecond)} req/s = ${fixed(row.upstream.perSecond / row.bare.perSecond, 2)} of bare`
    : ''
  if (row.floor && row.floorRatio !== undefined && row.apiFloorRatio !== undefined) {
    console.log(
      `${row.calls}: api/floor req/s ${judged(row.apiFloorRatio)} (${verdict(row.apiFloorRatio, row.target)}), ` +
        `the floor being Node, the api's batcher and upstream client, nothing else; api/bare ${fixed(ratio, 2)}, ` +
        `floor/bare ${fixed(row.floorRatio, 2)}, bare/api p99 ${row.bare.p99}/${row.api.p99} ms${failed}${upstream}`,
    )
    if (row.laneFloorRatio !== undefined && row.apiLaneRatio !== undefined)
      console.log(
        `  the api's lane alone (the server kit's serve and the direct lane around the same batcher, no checks, no database or indexer): ` +
          `lane/floor ${fixed(row.laneFloorRatio, 2)}, api/lane ${fixed(row.apiLaneRatio, 2)}: what the lane costs, then what the proxy's checks and the rest of the api cost`,
      )
    const { api: apiCpu, floor: floorCpu, bare: bareCpu, lane: laneCpu } = row.cpu ?? {}
    if (apiCpu !== undefined && floorCpu !== undefined && bareCpu !== undefined && laneCpu !== undefined)
      console.log(
        `  CPU a request (the server process, user and system): api ${fixed(apiCpu, 1)} µs, lane ${fixed(laneCpu, 1)} µs, floor ${fixed(floorCpu, 1)} µs, ` +
          `bare ${fixed(bareCpu, 1)} µs; floor/api ${fixed(floorCpu / apiCpu, 2)}, less noisy than req/s on a shared machine`,
      )
    continue
  }
  console.log(
    `${row.calls}: api/bare req/s ${judged(ratio)} (${verdict(ratio, row.target)}), ` +
      `bare/api p99 ${row.bare.p99}/${row.api.p99} ms = ${judged(p99Ratio)} (${verdict(p99Ratio, row.target)})${failed}${upstream}`,
  )
}
console.log(
  `\nindexer lag, receipt → served by GET /v1/activity (${lags.length} transfers mined one at a time, polled every 15 ms, indexer polling every 250 ms): ` +
    `p50 ${fixed(quantile(lags, 0.5))} ms, p99 ${fixed(quantile(lags, 0.99))} ms, max ${fixed(lags[lags.length - 1] ?? NaN)} ms ` +
    `(target p99 ≤ 1000 ms: ${quantile(lags, 0.99) <= 1000 ? 'met' : 'NOT met'})`,
)
const blocks = caught.head + 1
const indexRate = blocks / (caught.indexMs / 1000)
const logsRate = blocks / (caught.baseline.ms / 1000)
console.log(
  `indexer catch-up from block 0 over ${blocks} blocks holding ${caught.transfers} transfers (+ fixtures), range ${catchUp.rangeSize} blocks: ` +
    `${fixed(caught.indexMs)} ms = ${fixed(indexRate)} blocks/s, ${caught.rows} transfer rows stored; ` +
    `raw eth_getLogs loop ${fixed(caught.baseline.ms)} ms = ${fixed(logsRate)} blocks/s (${caught.baseline.logs} logs); ` +
    `indexer/getLogs ${fixed(indexRate / logsRate, 2)} (chain filled in ${fixed(caught.fillMs / 1000, 1)} s)`,
)
