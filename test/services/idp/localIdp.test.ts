import { sign } from 'node:crypto'
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

  const form = { 'content-type': 'application/x-www-form-urlencoded' }
  const grant = `grant_type=authorization_code&code=abc&code_verifier=${'v'.repeat(43)}`

  it("refuses the Apple client's registered secret wherever the ES256 check is skipped", async () => {
    const basic = `Basic ${Buffer.from('apple-client:apple-secret').toString('base64')}`
    const attempts = [
      await send('POST', '/token', { ...form, authorization: basic }, grant),
      await send('POST', '/token/', form, `client_id=apple-client&client_secret=apple-secret&${grant}`),
      await send('POST', '/TOKEN', form, `client_id=apple-client&client_secret=apple-secret&${grant}`),
    ]
    for (const answer of attempts)
      expect({ status: answer.status, error: JSON.parse(answer.body).error }).toEqual({
        status: 401,
        error: 'invalid_client',
      })
  })

  it('refuses an Apple client secret signed by the right key but not JSON inside with 400, not a 500', async () => {
    const header = Buffer.from('not json').toString('base64url')
    const payload = Buffer.from('[1').toString('base64url')
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: idp.apple.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url')
    const body = `client_id=apple-client&client_secret=${header}.${payload}.${signature}&${grant}`
    const answer = await send('POST', '/token', form, body)
    expect({ status: answer.status, error: JSON.parse(answer.body).error }).toEqual({
      status: 400,
      error: 'invalid_client',
    })
  })

  it('shows its errors on a page that loads nothing from another host, and offers no logout pages', async () => {
    const foreignRedirect = new URLSearchParams({
      client_id: 'google-client',
      redirect_uri: 'https://elsewhere.example/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    })
    const page = await send('GET', `/auth?${foreignRedirect}`)
    expect(page.status).toBe(400)
    expect(page.body).toContain('<h1>Sign-in failed</h1>')
    expect(page.body).not.toMatch(/https?:\/\/|@import/)
    expect((await send('GET', '/session/end')).status).toBe(404)
  })

  it('answers a Host other than its own names with 421', async () => {
    expectRefusal(await send('GET', '/.well-known/openid-configuration', { host: 'rebound.example:80' }), 421)
    const own = await send('GET', '/.well-known/openid-configuration')
    expect(own.status).toBe(200)
    expect(JSON.parse(own.body)).toMatchObject({ issuer: idp.url })
  })
})
