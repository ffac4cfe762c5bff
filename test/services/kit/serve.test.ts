import { request } from 'node:http'
import { silentLogger } from '@pairwise/relay/core'
import { describe, expect, it } from 'vitest'
import { hostInUrl, serve, serverUrl } from '../../../services/kit/index.js'
import { freePort, isPortTaken } from '../../../services/net/ports.js'

const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })

describe('the server kit: one listen, one URL', () => {
  it('writes an IPv6 host in brackets and every other host as it is', () => {
    expect(serverUrl('::1', 8080)).toBe('http://[::1]:8080')
    expect(serverUrl('[::1]', 8080)).toBe('http://[::1]:8080')
    expect(serverUrl('127.0.0.1', 8787, 'ws')).toBe('ws://127.0.0.1:8787')
    expect(serverUrl('localhost', 25, 'smtp')).toBe('smtp://localhost:25')
    expect(hostInUrl('fe80::1')).toBe('[fe80::1]')
  })

  it('serves on the port the OS picked, refuses a malformed target with 400 and closes once', async () => {
    const served = await serve((_request, response) => void response.end('hi'), {
      name: 'test',
      logger: silentLogger,
      host: '127.0.0.1',
      port: 0,
    })
    expect(served.url).toBe(`http://127.0.0.1:${served.port}`)
    expect(await get(`${served.url}/`)).toEqual({ status: 200, body: 'hi' })
    const close = served.close()
    expect(served.close()).toBe(close)
    await close
    expect(served.server.listening).toBe(false)
  })

  it('with names, refuses a foreign Host with 421 before the handler sees it', async () => {
    const served = await serve((_request, response) => void response.end('hi'), {
      name: 'test',
      logger: silentLogger,
      host: '127.0.0.1',
      port: 0,
      names: ['127.0.0.1'],
    })
    try {
      expect((await get(`${served.url}/`, { host: 'attacker.example' })).status).toBe(421)
      expect((await get(`${served.url}/`)).status).toBe(200)
    } finally {
      await served.close()
    }
  })

  it('with a name it cannot read, rejects before binding its port', async () => {
    const port = await freePort()
    await expect(
      serve((_request, response) => void response.end(), {
        name: 'test',
        logger: silentLogger,
        host: '127.0.0.1',
        port,
        names: ['fe80::1%eth0'],
      }),
    ).rejects.toThrow(/is not a host name/)
    expect(await isPortTaken(port)).toBe(false)
  })

  it('rejects with the bind error when the port is taken', async () => {
    const served = await serve((_request, response) => void response.end(), {
      name: 'test',
      logger: silentLogger,
      host: '127.0.0.1',
      port: 0,
    })
    try {
      await expect(
        serve((_request, response) => void response.end(), {
          name: 'second',
          logger: silentLogger,
          host: '127.0.0.1',
          port: served.port,
        }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' })
    } finally {
      await served.close()
    }
  })

  it('lets a request under way finish within drainMs, then closes', async () => {
    let release = () => {}
    let arrived = () => {}
    const underWay = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const served = await serve(
      (_request, response) => {
        release = () => response.end('done')
        arrived()
      },
      { name: 'test', logger: silentLogger, host: '127.0.0.1', port: 0, drainMs: 5_000 },
    )
    const answer = get(`${served.url}/`)
    // Closed only once the server holds the request: before that there is nothing under way to drain.
    await underWay
    const started = Date.now()
    const closed = served.close()
    release()
    expect(await answer).toEqual({ status: 200, body: 'done' })
    await closed
    // Closed once the answer was sent, not when the drain ran out.
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
