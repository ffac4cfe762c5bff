import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { socialProviderConfigSchema } from '../../../../services/auth/social/providerConfig.js'
import { SocialClients } from '../../../../services/auth/social/socialClients.js'

const limits = { socialProviderTimeoutMs: 300, socialProviderMaxBytes: 64 * 1024 }
const secrets = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'v'.repeat(43) }
const callback = new URLSearchParams({ code: 'code-1', state: secrets.state })

/** A JSON object padded past the cap: well-formed, and everything a login needs is in it. */
const padded = (fields: Record<string, unknown>) => ({
  ...fields,
  padding: 'x'.repeat(4 * limits.socialProviderMaxBytes),
})

/** A stand-in GitHub (token endpoint and user API) on loopback, answering each request with `answer`. */
async function provider(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(answer)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients = new SocialClients(
    [
      socialProviderConfigSchema.parse({
        provider: 'github',
        authorizationEndpoint: `${base}/authorize`,
        tokenEndpoint: `${base}/token`,
        apiBase: base,
        clientId: 'github-client',
        clientSecret: 'github-secret',
      }),
    ],
    () => 'http://127.0.0.1:1',
    () => Date.now(),
    limits,
  )
  return { server, clients }
}

describe('the auth service as a client of a provider that misbehaves', () => {
  let server: Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('a provider that never answers fails the login once the timeout has passed', async () => {
    const stalled = await provider(() => {})
    server = stalled.server
    const started = Date.now()
    await expect(stalled.clients.complete('github', callback, secrets)).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('a provider answering past the size cap fails the login instead of being read whole', async () => {
    const huge = await provider((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const answers: Record<string, unknown> = {
        '/token': padded({ access_token: 'token-1', token_type: 'bearer' }),
        '/user': padded({ id: 1, login: 'ada' }),
        '/user/emails': [padded({ email: 'ada@github.test', primary: true, verified: true })],
      }
      response.end(JSON.stringify(answers[request.url ?? '']))
    })
    server = huge.server
    await expect(huge.clients.complete('github', callback, secrets)).rejects.toThrow(/size|bytes/)
  })
})
