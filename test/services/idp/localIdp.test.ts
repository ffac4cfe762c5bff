import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import { type LocalIdp, startLocalIdp } from '../../../services/idp/localIdp.js'

type Answer = { status: number; body: string }

describe('the local identity provider, on malformed or foreign requests', () => {
  let idp: LocalIdp
  // Raw requests: fetch would normalize `//[` and refuses to set Host.
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const { hostname, port } = new URL(idp.url)
      const sent = request({ host: hostname, port, method, path, headers }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      })
      sent.on('error', reject)
      sent.end(body)
    })

  beforeAll(async () => {
    idp = await startLocalIdp({ authUrl: 'http://127.0.0.1:1', logger: silentLogger })
  })
  afterAll(() => idp.close())

  const expectRefusal = (answer: Answer, status: number) => {
    expect(answer.status).toBe(status)
    expect(answer.body).not.toMatch(/detail|Error|TypeError|SessionNotFound|stack/)
    expect(JSON.parse(answer.body)).toEqual({ code: expect.any(String), message: expect.any(String) })
  }

  it('answers a target URL parsing trips on with 400', async () => {
    expectRefusal(await send('GET', '//['), 400)
  })

  it('answers an interaction with no session with 400, not a 500 naming the error', async () => {
    expectRefusal(await send('GET', '/interaction/abc'), 400)
  })

  it('answers a token request body over 64 KiB with 413', async () => {
    const body = `client_id=google-client&code=${'a'.repeat(70 * 1024)}`
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    expectRefusal(await send('POST', '/token', headers, body), 413)
  })

  it('answers a Host other than its own names with 421', async () => {
    expectRefusal(await send('GET', '/.well-known/openid-configuration', { host: 'rebound.example:80' }), 421)
    const own = await send('GET', '/.well-known/openid-configuration')
    expect(own.status).toBe(200)
    expect(JSON.parse(own.body)).toMatchObject({ issuer: idp.url })
  })
})
