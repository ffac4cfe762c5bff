import { createPublicKey, verify } from 'node:crypto'
import { type SignatureCheck, verifyRelayJwt } from '@pairwise/crypto/noble'
import type { RelayJwtVerifier } from '@pairwise/relay/core'

// An Ed25519 public key as DER SubjectPublicKeyInfo (RFC 8410) is this prefix, then the raw 32 bytes.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * Node's own Ed25519 (OpenSSL) for the relay's JWT checks: one per connection, at a twentieth of the
 * CPU of the JavaScript check, which was most of a connect's cost. OpenSSL is as strict as the check
 * it replaces: S must be below the group order and R is compared as encoded.
 */
export const nativeEd25519Check: SignatureCheck = (signature, message, publicKey) =>
  verify(
    null,
    message,
    createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' }),
    signature,
  )

/** The relay's JWT check with `nativeEd25519Check` for the signature; the rest as `verifyRelayJwt`. */
export const verifyRelayJwtNatively: RelayJwtVerifier = (token, options) =>
  verifyRelayJwt(token, { ...options, signatureCheck: nativeEd25519Check })
