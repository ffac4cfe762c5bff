import { createServer } from 'node:http'

export type CappedLogsRpc = { url: string; close(): Promise<void> }

type Call = { id: unknown; method: string }
type Answer = { id: unknown; result?: unknown }

/**
 * A JSON-RPC endpoint in front of `rpcUrl` whose eth_getLogs answers pass through `rewrite` (a lying or
 * refusing node); every other answer is the upstream's.
 */
export async function logsRewritingRpc(
  rpcUrl: string,
  rewrite: (answer: Answer) => object,
): Promise<CappedLogsRpc> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const calls = [JSON.parse(body) as Call | Call[]].flat()
    const logCalls = new Set(calls.filter((call) => call.method === 'eth_getLogs').map((call) => call.id))
    const upstream = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const answered = (await upstream.json()) as Answer | Answer[]
    const passed = (answer: Answer) => (logCalls.has(answer.id) ? rewrite(answer) : answer)
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(Array.isArray(answered) ? answered.map(passed) : passed(answered)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the endpoint has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * A JSON-RPC endpoint in front of `rpcUrl` that refuses an eth_getLogs answering more than `maxLogs`
 * logs, with the error Infura gives (Alchemy and others refuse alike): it never answers a partial list.
 */
export const cappedLogsRpc = (rpcUrl: string, maxLogs: number): Promise<CappedLogsRpc> =>
  logsRewritingRpc(rpcUrl, (answer) =>
    Array.isArray(answer.result) && answer.result.length > maxLogs
      ? {
          jsonrpc: '2.0',
          id: answer.id,
          error: { code: -32005, message: `query returned more than ${maxLogs} results` },
        }
      : answer,
  )
