import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ApiError, type ApiFailure, apiUrl, createApiClient } from '../../../modal/api/client.js'

const okSchema = z.object({ ok: z.literal(true) })

/** A fetch answering every request with `status` and `body`, recording the URLs asked for. */
function answering(status: number, body: unknown) {
  const urls: string[] = []
  const fetcher: typeof fetch = async (input) => {
    urls.push(String(input))
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  return { fetcher, urls }
}

/** A local HTTP server answering with `handle`, and the paths it was asked for. */
async function listening(handle: (path: string) => { status: number; headers?: Record<string, string> }) {
  const paths: string[] = []
  const server: Server = createHttpServer((req, res) => {
    paths.push(String(req.url))
    const { status, headers } = handle(String(req.url))
    res.writeHead(status, headers).end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url, paths, close: () => new Promise((resolve) => server.close(resolve)) }
}

async function failureOf(fetcher: typeof fetch, timeoutMs?: number): Promise<ApiFailure | undefined> {
  const api = createApiClient({
    apiUrl: 'http://127.0.0.1:1',
    projectId: 'p1',
    fetch: fetcher,
    ...(timeoutMs ? { timeoutMs } : {}),
  })
  try {
    await api.get('/v1/project/config', {}, okSchema)
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return (error as ApiError).failure
  }
}

describe('api client', () => {
  it('asks under the base URL with the project id and the defined query values, and returns the checked body', async () => {
    const { fetcher, urls } = answering(200, { ok: true, extra: 1 })
    const api = createApiClient({ apiUrl: 'http://127.0.0.1:9/api/', projectId: 'demo', fetch: fetcher })
    expect(await api.get('/v1/balances', { address: '0xabc', cursor: undefined }, okSchema)).toEqual({
      ok: true,
    })
    expect(urls).toEqual(['http://127.0.0.1:9/api/v1/balances?address=0xabc&projectId=demo'])
    expect(apiUrl('http://h:1', '/v1/x', { projectId: 'a b&c' })).toBe('http://h:1/v1/x?projectId=a+b%26c')
  })

  it("ERR-14 the server text 'Unauthorized: origin not allowed' is an Invalid App Configuration", async () => {
    const { fetcher } = answering(403, {
      code: 'ORIGIN_NOT_ALLOWED',
      message: 'Unauthorized: origin not allowed',
    })
    expect(await failureOf(fetcher)).toBe('INVALID_APP_CONFIGURATION')
  })

  it("ERR-15 the server text 'Unauthorized: invalid key' is an Invalid App Configuration", async () => {
    const { fetcher } = answering(401, { code: 'INVALID_KEY', message: 'Unauthorized: invalid key' })
    expect(await failureOf(fetcher)).toBe('INVALID_APP_CONFIGURATION')
    expect(new ApiError('INVALID_APP_CONFIGURATION').message).toBe('Invalid App Configuration')
  })

  it("ERR-17 the server text 'JWT validation error: JWT Token is not yet valid' is Session Expired", async () => {
    const { fetcher } = answering(401, {
      code: 'JWT',
      message: 'JWT validation error: JWT Token is not yet valid',
    })
    expect(await failureOf(fetcher)).toBe('SESSION_EXPIRED')
    expect(new ApiError('SESSION_EXPIRED').message).toBe('Session Expired')
  })

  it('ERR-22 a 429 answer is Rate Limited', async () => {
    expect(await failureOf(answering(429, { code: 'RATE_LIMITED', message: 'Rate Limited' }).fetcher)).toBe(
      'RATE_LIMITED',
    )
    expect(await failureOf(answering(429, 'busy').fetcher)).toBe('RATE_LIMITED')
  })

  it('ERR-21 a 5xx, an unreachable server, a non-JSON or malformed answer are Server Errors', async () => {
    expect(await failureOf(answering(503, { code: 'DOWN', message: 'down' }).fetcher)).toBe('SERVER_ERROR')
    expect(await failureOf(answering(200, { ok: 'yes' }).fetcher)).toBe('SERVER_ERROR')
    expect(await failureOf(async () => new Response('<html>', { status: 200 }))).toBe('SERVER_ERROR')
    expect(await failureOf(() => Promise.reject(new TypeError('fetch failed')))).toBe('SERVER_ERROR')
    // An unmapped text on a 4xx is not mistaken for one of the mapped ones.
    expect(await failureOf(answering(401, { message: 'Unauthorized: something else' }).fetcher)).toBe(
      'SERVER_ERROR',
    )
  })

  it('ERR-21 a server that accepts and never answers is a Server Error once the timeout passes', async () => {
    const sockets = new Set<Socket>()
    const server = createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      const api = createApiClient({
        apiUrl: `http://127.0.0.1:${port}`,
        projectId: 'p',
        fetch,
        timeoutMs: 200,
      })
      const started = Date.now()
      const failure = await api.get('/v1/project/config', {}, okSchema).catch((e: ApiError) => e.failure)
      expect(failure).toBe('SERVER_ERROR')
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('follows no redirect: an answer sending it to another host is a Server Error, and that host is not asked', async () => {
    const elsewhere = await listening(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
    }))
    const api = await listening((path) => ({ status: 302, headers: { location: `${elsewhere.url}${path}` } }))
    try {
      const client = createApiClient({ apiUrl: api.url, projectId: 'p1', fetch })
      const failure = await client.get('/v1/balances', { address: '0xabc' }, okSchema).then(
        () => undefined,
        (e: ApiError) => e.failure,
      )
      expect(elsewhere.paths).toEqual([])
      expect(failure).toBe('SERVER_ERROR')
      expect(api.paths).toEqual(['/v1/balances?address=0xabc&projectId=p1'])
    } finally {
      await Promise.all([api.close(), elsewhere.close()])
    }
  })
})
