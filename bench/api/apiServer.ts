import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { localApiChain } from '../../services/api/chains/index.js'
import { ProjectStore, startApi } from '../../services/api/index.js'
import { consoleLogger } from '../../services/relay/index.js'

/**
 * The real api service (`startApi`: every module, the indexer following the chain, SQLite in a temp
 * folder, a request log line per request on stderr) with one project, `bench`, whose limits are far
 * above what a benchmark sends. Arguments: the chain's RPC URL and the tUSD address.
 */
const [rpcUrl, testUsd] = process.argv.slice(2)
if (!rpcUrl || !testUsd?.startsWith('0x')) throw new Error('usage: apiServer <rpcUrl> <tUSD address>')
const dir = mkdtempSync(join(tmpdir(), 'pairwise-bench-api-'))
const unlimited = 1_000_000_000
// The shipped registry is found from the package's folder, which this bundle, built under .pairwise/, is not in.
const registryFile = join(dir, 'wallets.json')
writeFileSync(registryFile, JSON.stringify({ wallets: [] }))
const api = await startApi({
  port: 0,
  database: join(dir, 'api.sqlite'),
  logger: consoleLogger('info'),
  chains: [localApiChain({ rpcUrl, testUsd: testUsd as `0x${string}` })],
  rpcLimits: { requestsPerMinute: unlimited, callsPerMinute: unlimited },
  walletRegistry: { registryFile },
})
await new ProjectStore(api.db).create({
  id: 'bench',
  name: 'Bench',
  allowedOrigins: [],
  rateLimitPerMinute: unlimited,
  // A project's features start off; the indexer lag is read through GET /v1/activity.
  features: { activity: true },
})
const stop = async () => {
  await api.close()
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
console.log(`listening ${api.port}`)
