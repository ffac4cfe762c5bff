import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { privateKeyToAccount } from 'viem/accounts'
import { deployFixtures, devPrivateKeys, freePort, startChain } from '../../services/index.js'

/**
 * The api's warm-cache balances and its RPC proxy (eth_blockNumber) against a bare Node HTTP server
 * returning a fixed JSON body, all measured in this run. Each server runs in its own process and
 * autocannon drives each from another (50 connections, 5 s).
 */
const root = process.cwd()
const connections = 50
const seconds = 5
const targets = { balances: 0.35, proxy: 0.5 }

type Server = { url: string; stop(): void }

function startServer(script: string, args: string[] = []): Promise<Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL(script, import.meta.url)), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = String(chunk).match(/listening (\d+)/)?.[1]
      if (port) resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') })
    })
  })
}

type Result = { perSecond: number; p99: number; non2xx: number; errors: number }

async function drive(url: string, post?: string): Promise<Result> {
  const args = [
    join(root, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
  ]
  if (post) args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', post)
  const { stdout } = await promisify(execFile)(process.execPath, [...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  })
  const result = JSON.parse(stdout) as {
    requests: { average: number }
    latency: { p99: number }
    non2xx: number
    errors: number
  }
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

const chain = await startChain({ port: await freePort() })
const servers: Server[] = []
try {
  const { testUsd } = await deployFixtures(chain.rpcUrl)
  const bare = await startServer('./bareServer.js')
  servers.push(bare)
  const api = await startServer('./apiServer.js', [chain.rpcUrl, testUsd])
  servers.push(api)
  const holder = privateKeyToAccount(devPrivateKeys[0]).address
  const balancesUrl = `${api.url}/v1/balances?projectId=bench&address=${holder}&caipNetworkId=eip155:31337`
  const warm = await fetch(balancesUrl)
  if (!warm.ok) throw new Error(`balances answered ${warm.status}: ${await warm.text()}`)
  const blockNumber = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })

  const rows = [
    { name: 'balances', bare: await drive(`${bare.url}/`), ours: await drive(balancesUrl) },
    {
      name: 'proxy',
      bare: await drive(`${bare.url}/`, blockNumber),
      ours: await drive(`${api.url}/v1?chainId=eip155:31337&projectId=bench`, blockNumber),
    },
  ] as const
  console.log(`\napi benchmark: ${connections} connections, ${seconds} s each, driven from another process`)
  console.log('endpoint   server  req/s     p99 ms  non-2xx  errors')
  for (const row of rows)
    for (const [server, result] of [
      ['bare', row.bare],
      ['api', row.ours],
    ] as const)
      console.log(
        `${row.name.padEnd(10)} ${server.padEnd(6)} ${result.perSecond.toFixed(0).padStart(7)}  ${String(result.p99).padStart(7)}  ${String(result.non2xx).padStart(7)}  ${String(result.errors).padStart(6)}`,
      )
  for (const row of rows) {
    const ratio = row.ours.perSecond / row.bare.perSecond
    const clean = row.ours.non2xx === 0 && row.ours.errors === 0
    console.log(
      `${row.name}: requests/s ratio api/bare = ${ratio.toFixed(2)}; p99 ${row.ours.p99} ms vs ${row.bare.p99} ms ` +
        `(ratio ${(row.ours.p99 / Math.max(row.bare.p99, 1)).toFixed(2)}); target ≥ ${targets[row.name]}: ` +
        `${ratio >= targets[row.name] && clean ? 'met' : 'NOT met'}`,
    )
  }
} finally {
  for (const server of servers) server.stop()
  await chain.stop()
}
