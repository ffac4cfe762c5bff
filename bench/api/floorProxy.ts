import { createServer } from 'node:http'
import { HttpUpstream, type JsonRpcCall, UpstreamBatcher } from '../../services/api/rpcProxy/index.js'
import { logRequest } from '../../services/kit/requestLog.js'
import { consoleLogger } from '../../services/relay/index.js'

/**
 * The floor under the api's proxy row: what forwarding one JSON-RPC call costs in Node on this machine
 * with none of the api around it. Node's HTTP server reads the body, JSON.parse, the api's own batcher
 * and upstream client (calls of one turn shared, one kept-alive request to the chain), the answer under
 * the client's id, the api's log line; no project, origin, rate limit, schema or body cap. A body that is
 * not JSON gets `{}` with 400, a failed upstream `{}` with 502. Argument: the chain's RPC URL.
 */
const [rpcUrl] = process.argv.slice(2)
if (!rpcUrl) throw new Error('usage: floorProxy <rpcUrl>')
const batcher = new UpstreamBatcher(new HttpUpstream())
const logger = consoleLogger('info')

const server = createServer((request, response) => {
  const started = performance.now()
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const answer = (status: number, text: string) => {
      response
        .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        .end(text)
      logRequest(logger, { method: 'POST', path: '/v1' }, status, performance.now() - started)
    }
    let call: JsonRpcCall
    try {
      call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonRpcCall
    } catch {
      return answer(400, '{}')
    }
    batcher.call(rpcUrl, call).then(
      (result) => answer(200, JSON.stringify(result)),
      () => answer(502, '{}'),
    )
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`listening ${address.port}`)
})
