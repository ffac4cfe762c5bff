import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { EsploraError, httpEsplora } from '../../../services/api/chains/index.js'
import { freePort } from '../../../services/index.js'

describe('the api’s Esplora client', () => {
  let server: Server
  let base: string
  // Each path answers as a misbehaving Esplora might; `/silent` never answers at all.
  const answers: Record<string, [status: number, body: string]> = {
    '/api/ok': [200, '{"height":7}'],
    '/api/text': [200, 'not json'],
    '/api/shape': [200, '{"height":"seven"}'],
    '/api/refused': [400, 'Invalid Bitcoin address'],
    '/api/large': [200, JSON.stringify({ height: 7, pad: 'x'.repeat(10_000) })],
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const answer = answers[request.url ?? '']
      if (!answer) return
      response.writeHead(answer[0], { 'content-type': 'application/json' })
      response.end(answer[1])
    })
    const port = await freePort()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${port}/api/`
  })
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )

  const height = z.object({ height: z.number().int() })

  it('reads an answer through the caller’s schema, under the base URL without doubling its slash', async () => {
    expect(await httpEsplora(base).get('/ok', height)).toEqual({ height: 7 })
  })

  it('refuses text that is not JSON, a wrong shape, and keeps the status of a refusal', async () => {
    const esplora = httpEsplora(base)
    await expect(esplora.get('/text', height)).rejects.toThrow('/text: not JSON')
    await expect(esplora.get('/shape', height)).rejects.toThrow('/shape: unexpected answer shape')
    const refusal = await esplora.get('/refused', height).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(EsploraError)
    expect((refusal as EsploraError).status).toBe(400)
  })

  it('gives up on an answer larger than its cap, and on one that does not come within its timeout', async () => {
    await expect(httpEsplora(base, { maxResponseBytes: 1024 }).get('/large', height)).rejects.toThrow(
      '/large: the answer is too large',
    )
    expect(await httpEsplora(base).get('/large', height)).toMatchObject({ height: 7 })
    const started = Date.now()
    const silent = await httpEsplora(base, { timeoutMs: 300 })
      .get('/silent', height)
      .catch((error: unknown) => error)
    expect(silent).toBeInstanceOf(EsploraError)
    expect((silent as EsploraError).status).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
