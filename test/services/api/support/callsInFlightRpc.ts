import { createServer } from 'node:http'

export type CallsInFlightRpc = {
  url: string
  /** The most `eth_call`s this endpoint held unanswered at one time. */
  mostInFlight(): number
  close(): Promise<void>
}

/**
 * A JSON-RPC endpoint in front of `rpcUrl` that holds each request `delayMs` before passing it on and counts
 * the `eth_call`s it holds at once, single or batched: how many reads a client has out together.
 */
export async function callsInFlightRpc(rpcUrl: string, delayMs: number): Promise<CallsInFlightRpc> {
  let inFlight = 0
  let most = 0
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const calls = [JSON.parse(body) as { method: string } | { method: string }[]]
      .flat()
      .filter((call) => call.method === 'eth_call').length
    inFlight += calls
    most = Math.max(most, inFlight)
    try {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      const upstream = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.setHeader('content-type', 'application/json')
      response.end(await upstream.text())
    } finally {
      inFlight -= calls
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the endpoint has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    mostInFlight: () => most,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
