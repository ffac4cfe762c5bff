import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../services/api/app.js'
import { openDatabase } from '../../../services/api/db/index.js'
import { apiRequest } from '../../../services/api/http/clientAddress.js'
import { parseTrustedProxies, type TrustedProxies } from '../../../services/relay/index.js'

/** One Hono route and one direct route that answer the client address the api found. */
async function serve(trustProxy?: TrustedProxies): Promise<{ url: string; server: Server }> {
  const db = await openDatabase(':memory:')
  const { listener } = createApiApp({
    db,
    adminToken: 't',
    logger: { info() {}, warn() {}, error() {} },
    ...(trustProxy ? { trustProxy } : {}),
    routes: [
      () => new Hono().get('/hono-client', (c) => c.json({ client: apiRequest(c).client() })),
      () => [
        { method: 'GET', path: '/direct-client', answer: async (request) => ({ client: request.client() }) },
      ],
    ],
  })
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

function clientSeen(url: string, forwardedFor?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve((JSON.parse(Buffer.concat(chunks).toString()) as { client: string }).client),
      )
    })
      .on('error', reject)
      .end()
  })
}

let running: Server | undefined
afterEach(() => running?.close())

describe('the client address every api route reads', () => {
  it('is the TCP peer on both lanes when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const { url, server } = await serve()
    running = server
    for (const path of ['/hono-client', '/direct-client']) {
      expect(await clientSeen(url + path)).toBe('127.0.0.1')
      expect(await clientSeen(url + path, '203.0.113.9')).toBe('127.0.0.1')
    }
  })

  it('is the first untrusted X-Forwarded-For hop on both lanes when the peer is a trusted proxy', async () => {
    const { url, server } = await serve(parseTrustedProxies('127.0.0.1/32'))
    running = server
    for (const path of ['/hono-client', '/direct-client']) {
      expect(await clientSeen(url + path, '203.0.113.9')).toBe('203.0.113.9')
      expect(await clientSeen(url + path, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9')
      expect(await clientSeen(url + path)).toBe('127.0.0.1')
    }
  })
})
