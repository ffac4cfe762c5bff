import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { chainRpc } from '../../../services/frame/app/chainRpc.js'
import { refusalReason } from '../../../services/frame/preview/index.js'
import { unreachableChain } from './support/frameFixtures.js'

const servers: ReturnType<typeof createServer>[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** The chain `Elsewhere` served by `answer` on a loopback port. */
async function chainAnswering(answer: RequestListener) {
  const server = createServer(answer)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { ...unreachableChain, rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** What a request to `chain` threw, and whether an approval would read it as the chain's refusal. */
async function failureOf(rpc: ReturnType<typeof chainRpc>) {
  const error = await rpc('eth_estimateGas', [{}]).then(
    () => expect.unreachable('the request succeeded'),
    (error: unknown) => error,
  )
  return { error, refused: refusalReason(error) }
}

describe("the frame's JSON-RPC to a chain tells the chain's refusal from no answer", () => {
  it('a JSON-RPC error is the chain refusing the request, with its code and words, even in an HTTP 500', async () => {
    const chain = await chainAnswering((_, response) =>
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } })),
    )
    const { error, refused } = await failureOf(chainRpc(chain))
    expect(error).toMatchObject({ name: 'FrameFailure', code: 3, message: 'execution reverted' })
    expect(refused).toEqual({ message: 'execution reverted' })
  })

  it("a gateway's HTTP error, in HTML or in its own JSON, is no answer: the chain cannot be reached", async () => {
    const html = await chainAnswering((_, response) =>
      response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>'),
    )
    const json = await chainAnswering((_, response) =>
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"Service Unavailable"}'),
    )
    for (const [chain, status] of [
      [html, 502],
      [json, 503],
    ] as const) {
      const { error, refused } = await failureOf(chainRpc(chain))
      expect(error).toMatchObject({
        name: 'ChainUnreachable',
        message: `Elsewhere cannot be reached (it answered ${status}): try again in a moment`,
      })
      expect(refused).toBeUndefined()
    }
  })

  it('a refused connection is no answer: the chain cannot be reached', async () => {
    const { error, refused } = await failureOf(chainRpc(unreachableChain))
    expect(error).toMatchObject({
      name: 'ChainUnreachable',
      message: 'Elsewhere cannot be reached: try again in a moment',
    })
    expect(refused).toBeUndefined()
  })

  it('a chain that does not answer within the time allowed cannot be reached, rather than holding the request open', async () => {
    const chain = await chainAnswering(() => {})
    const { error, refused } = await failureOf(chainRpc(chain, { timeoutMs: 200 }))
    expect(error).toMatchObject({
      name: 'ChainUnreachable',
      message: 'Elsewhere did not answer in time: try again in a moment',
    })
    expect(refused).toBeUndefined()
  })
})
