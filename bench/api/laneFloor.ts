import { apiCorsPaths } from '../../services/api/apiModules.js'
import { ProjectCors } from '../../services/api/http/cors.js'
import { directLane } from '../../services/api/http/directLane.js'
import { DEFAULT_BODY_LIMIT_BYTES } from '../../services/api/http/errorAnswers.js'
import { jsonOf } from '../../services/api/http/validate.js'
import { HttpUpstream, type JsonRpcCall, UpstreamBatcher } from '../../services/api/rpcProxy/index.js'
import { noTrustedProxies, serve } from '../../services/kit/index.js'
import { consoleLogger } from '../../services/relay/index.js'

/**
 * The api's HTTP lane with none of the proxy's checks: the server kit's `serve` as the api starts it (the safe
 * server, the Host and request-target checks) and the direct lane (its CORS headers, body cap, error answers
 * and log line) around a route that parses the body and forwards it through the api's batcher and upstream
 * client. No project, origin, rate limit, schema or pending caps, and no rest of the api (database, indexer).
 * Between the floor and the api, it tells what the lane costs from what the proxy's checks cost.
 * Argument: the chain's RPC URL.
 */
const [rpcUrl] = process.argv.slice(2)
if (!rpcUrl) throw new Error('usage: laneFloor <rpcUrl>')
const batcher = new UpstreamBatcher(new HttpUpstream())
const logger = consoleLogger('info')
const host = '127.0.0.1'
const cors = new ProjectCors({ lookUp: async () => undefined }, apiCorsPaths)
const listener = directLane({
  routes: [
    {
      method: 'POST',
      path: '/v1',
      answer: async (request) => batcher.call(rpcUrl, jsonOf(await request.text()) as JsonRpcCall),
    },
  ],
  cors,
  logger,
  bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
  trustProxy: noTrustedProxies,
  fallback: (_request, response) => response.writeHead(404).end(),
})
const served = await serve(listener, {
  name: 'lane floor',
  logger,
  errorFormat: 'json',
  host,
  port: 0,
  names: [host],
})
process.once('SIGTERM', () => served.close().then(() => process.exit(0)))
console.log(`listening ${served.port}`)
