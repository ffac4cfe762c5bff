import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Hex, hexToBigInt } from 'viem'

type RpcCall = { id: number; method: string; params: unknown[] }

/** A chain that records every call and answers each eth_call "valid" (a 32-byte 1). */
export async function recordingChain() {
  const calls: RpcCall[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const call = JSON.parse(body) as RpcCall
      calls.push(call)
      const result = call.method === 'eth_call' ? `0x${'0'.repeat(63)}1` : '0x'
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  /** The gas each eth_call asked, undefined where it named none. */
  const gasOfEveryCall = () =>
    calls
      .filter((call) => call.method === 'eth_call')
      .map((call) => {
        const { gas } = call.params[0] as { gas?: Hex }
        return gas === undefined ? undefined : hexToBigInt(gas)
      })
  return { url, calls, close, gasOfEveryCall }
}
