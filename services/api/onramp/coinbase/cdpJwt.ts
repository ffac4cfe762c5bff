import { createPrivateKey, type KeyObject, randomBytes, sign } from 'node:crypto'

/** A CDP secret API key as the portal gives it: an EC P-256 PEM, or a base64 Ed25519 key (seed ‖ public). */
export type CdpApiKey = { id: string; secret: string }

type SigningKey = { alg: 'ES256' | 'EdDSA'; key: KeyObject }

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

function signingKey(secret: string): SigningKey {
  if (secret.includes('BEGIN')) return { alg: 'ES256', key: createPrivateKey(secret) }
  const raw = Buffer.from(secret, 'base64')
  if (raw.length !== 64) throw new Error('a CDP Ed25519 secret is 64 bytes of base64')
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: b64url(raw.subarray(0, 32)), x: b64url(raw.subarray(32)) },
    format: 'jwk',
  })
  return { alg: 'EdDSA', key }
}

/**
 * The bearer JWT of one CDP API request (CDP's key authentication): the key id as `kid` and `sub`, issuer
 * `cdp`, valid 120 s, bound to `METHOD host/path`, a fresh nonce in the header.
 */
export function cdpJwt(
  apiKey: CdpApiKey,
  request: { method: string; host: string; path: string },
  nowMs: number,
): string {
  const { alg, key } = signingKey(apiKey.secret)
  const nbf = Math.floor(nowMs / 1000)
  const header = { alg, kid: apiKey.id, typ: 'JWT', nonce: randomBytes(16).toString('hex') }
  const claims = {
    sub: apiKey.id,
    iss: 'cdp',
    nbf,
    exp: nbf + 120,
    uris: [`${request.method} ${request.host}${request.path}`],
  }
  const body = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`
  const signature =
    alg === 'ES256'
      ? sign('sha256', Buffer.from(body), { key, dsaEncoding: 'ieee-p1363' })
      : sign(null, Buffer.from(body), key)
  return `${body}.${b64url(signature)}`
}
