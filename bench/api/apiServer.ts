import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { balanceRoutes } from '../../services/api/balances/index.js'
import { ApiChains, localApiChain } from '../../services/api/chains/index.js'
import { openDatabase } from '../../services/api/db/index.js'
import { ApiError } from '../../services/api/http/apiError.js'
import type { Project, RouteDeps } from '../../services/api/http/types.js'
import { rpcProxyRoutes } from '../../services/api/rpcProxy/index.js'

/**
 * The api's balance and RPC-proxy routes on Node's server, as the api mounts them, with a guard that
 * knows one project and no per-project limit low enough to count in a benchmark.
 * Arguments: the chain's RPC URL and the tUSD address.
 */
const [rpcUrl, testUsd] = process.argv.slice(2)
if (!rpcUrl || !testUsd?.startsWith('0x')) throw new Error('usage: apiServer <rpcUrl> <tUSD address>')
const project: Project = {
  id: 'bench',
  name: 'Bench',
  allowedOrigins: [],
  basic: true,
  features: {
    email: false,
    socials: false,
    swaps: false,
    onramp: false,
    activity: false,
    reownBranding: false,
    multiWallet: false,
  },
}
const deps: RouteDeps = {
  db: await openDatabase(':memory:'),
  logger: { info() {}, warn() {}, error: (event, fields) => console.error(event, fields) },
  now: () => Date.now(),
  project: async () => project,
}
const chains = new ApiChains([localApiChain({ rpcUrl, testUsd: testUsd as `0x${string}` })])
const unlimited = { requestsPerMinute: Number.MAX_SAFE_INTEGER, callsPerMinute: Number.MAX_SAFE_INTEGER }
const app = new Hono()
app.onError((error, c) =>
  error instanceof ApiError
    ? c.json(error.toJSON(), error.status)
    : c.json({ code: 'SERVER_ERROR', message: 'Server Error' }, 500),
)
app.route('/', balanceRoutes({ ...deps, chains }))
app.route('/', rpcProxyRoutes({ ...deps, chains, limits: unlimited }))
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`listening ${info.port}`))
