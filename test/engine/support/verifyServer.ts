import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { P256PublicJwk } from '../../../crypto/index.js'

const { subtle } = globalThis.crypto
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' }
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export type AttestationClaims = {
  id: string
  origin: string
  isScam?: boolean | null
  isVerified: boolean
  /** Unix seconds. */
  exp: number
}

/** A P-256 signing key standing in for a verify server's. */
export class TestVerifyKey {
  private constructor(
    private readonly privateKey: CryptoKey,
    readonly jwk: P256PublicJwk,
  ) {}

  static async generate(): Promise<TestVerifyKey> {
    const pair = (await subtle.generateKey(ECDSA_P256, true, ['sign', 'verify'])) as CryptoKeyPair
    const { kty, crv, x, y } = await subtle.exportKey('jwk', pair.publicKey)
    return new TestVerifyKey(pair.privateKey, {
      kty: kty as 'EC',
      crv: crv as 'P-256',
      x: x ?? '',
      y: y ?? '',
    })
  }

  /** An ES256 JWT of `claims`, as the verify server hands a browser dapp for a message it saw. */
  async sign(claims: AttestationClaims, header: object = { alg: 'ES256', typ: 'JWT' }): Promise<string> {
    const input = `${b64url(header)}.${b64url(claims)}`
    const signature = await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      this.privateKey,
      Buffer.from(input),
    )
    return `${input}.${Buffer.from(signature).toString('base64url')}`
  }
}

/**
 * A verify server on loopback: its signing key at `/v3/public-key`, and the v1 lookup
 * `/attestation/<hash>` answering from `lookups`. Every request path is kept in `asked`.
 */
export class TestVerifyServer {
  readonly asked: string[] = []
  readonly lookups = new Map<string, { origin: string; isScam?: boolean }>()
  key: TestVerifyKey
  /** Unix seconds the published key is good until. */
  keyExpiresAt = Math.floor(Date.now() / 1000) + 3600
  /** When false, `/v3/public-key` answers 404, as a server without v2 attestations would. */
  publishesKey = true

  private constructor(
    private readonly server: Server,
    key: TestVerifyKey,
  ) {
    this.key = key
  }

  static async start(): Promise<TestVerifyServer> {
    const server = createServer()
    const verify = new TestVerifyServer(server, await TestVerifyKey.generate())
    server.on('request', (request, response) => {
      const path = request.url ?? ''
      verify.asked.push(path)
      response.setHeader('content-type', 'application/json')
      const [route = '', hash = ''] = (path.split('?')[0] ?? '').split('/attestation/')
      if (path === '/v3/public-key' && verify.publishesKey) {
        response.end(JSON.stringify({ publicKey: verify.key.jwk, expiresAt: verify.keyExpiresAt }))
      } else if (route === '' && verify.lookups.has(hash)) {
        response.end(JSON.stringify(verify.lookups.get(hash)))
      } else {
        response.statusCode = 404
        response.end('{}')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return verify
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
