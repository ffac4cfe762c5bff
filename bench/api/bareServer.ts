import { createServer } from 'node:http'

/** The baseline: a bare Node HTTP server answering every request with one fixed JSON body. */
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' })
const server = createServer((request, response) => {
  request.resume()
  request.on('end', () =>
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body),
  )
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`listening ${address.port}`)
})
