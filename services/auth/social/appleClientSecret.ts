import { createPrivateKey, sign } from 'node:crypto'

/** Apple accepts a client secret for at most six months; one made per request needs minutes. */
const lifeSeconds = 5 * 60

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * Apple's client secret: an ES256 JWT from the developer's key (iss = team id, sub = client id,
 * aud = Apple's issuer), made fresh for each token request, so no long-lived secret sits anywhere.
 */
export function appleClientSecret(
  config: { issuer: string; clientId: string; teamId: string; keyId: string; privateKey: string },
  nowMs: number,
): string {
  const iat = Math.floor(nowMs / 1000)
  const signingInput = `${part({ alg: 'ES256', kid: config.keyId, typ: 'JWT' })}.${part({
    iss: config.teamId,
    iat,
    exp: iat + lifeSeconds,
    aud: config.issuer,
    sub: config.clientId,
  })}`
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: createPrivateKey(config.privateKey),
    dsaEncoding: 'ieee-p1363',
  })
  return `${signingInput}.${signature.toString('base64url')}`
}
