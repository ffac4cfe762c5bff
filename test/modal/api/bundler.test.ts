import { describe, expect, it } from 'vitest'
import { fetchUserOperationReceipt } from '../../../modal/api/bundler.js'
import { ApiError, createApiClient } from '../../../modal/api/client.js'

const userOpHash = `0x${'ab'.repeat(32)}`
const receipt = {
  userOpHash,
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  success: true,
  actualGasUsed: '0x4ab5e',
  receipt: { transactionHash: `0x${'cd'.repeat(32)}`, status: '0x1' },
}

/** The api client over a fetch that answers `answer` and records each request's URL, method and body. */
function apiAnswering(answer: unknown, status = 200) {
  const requests: { url: URL; method: string | undefined; body: unknown }[] = []
  const fetcher: typeof fetch = async (input, init) => {
    requests.push({ url: new URL(String(input)), method: init?.method, body: JSON.parse(String(init?.body)) })
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
  }
  return {
    api: createApiClient({ apiUrl: 'https://api.example/base', projectId: 'p1', fetch: fetcher }),
    requests,
  }
}

describe('bundler client', () => {
  it("CALL-07 the bundler call POSTs eth_getUserOperationReceipt with the request's first param to the bundler path, with the query parameters projectId, chainId and bundler", async () => {
    const { api, requests } = apiAnswering({ jsonrpc: '2.0', id: 1, result: receipt })
    const answer = await fetchUserOperationReceipt(api, {
      chainId: 'eip155:31337',
      bundler: 'local',
      params: [userOpHash, 'ignored'],
    })
    expect(answer).toEqual(receipt)
    expect(requests).toHaveLength(1)
    const request = requests[0]
    if (!request) throw new Error('no request')
    expect(request.method).toBe('POST')
    expect(`${request.url.origin}${request.url.pathname}`).toBe('https://api.example/base/v1/bundler')
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      projectId: 'p1',
      chainId: 'eip155:31337',
      bundler: 'local',
    })
    expect(request.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getUserOperationReceipt',
      params: [userOpHash],
    })
  })

  it('answers null while the operation is pending, and rejects a bundler refusal, a malformed receipt and an api refusal', async () => {
    const query = { chainId: 'eip155:31337', bundler: 'local', params: [userOpHash] }
    expect(
      await fetchUserOperationReceipt(apiAnswering({ jsonrpc: '2.0', id: 1, result: null }).api, query),
    ).toBe(null)
    await expect(
      fetchUserOperationReceipt(
        apiAnswering({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }).api,
        query,
      ),
    ).rejects.toThrow('the bundler refused: Method not found')
    await expect(
      fetchUserOperationReceipt(
        apiAnswering({ jsonrpc: '2.0', id: 1, result: { ...receipt, userOpHash: 'javascript:1' } }).api,
        query,
      ),
    ).rejects.toBeInstanceOf(ApiError)
    await expect(
      fetchUserOperationReceipt(apiAnswering({ jsonrpc: '2.0', id: 1 }).api, query),
    ).rejects.toBeInstanceOf(ApiError)
    await expect(
      fetchUserOperationReceipt(
        apiAnswering({ code: 'UNSUPPORTED_NETWORK', message: 'Unsupported network: eip155:1' }, 400).api,
        query,
      ),
    ).rejects.toBeInstanceOf(ApiError)
  })
})
