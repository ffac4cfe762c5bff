import { ristretto255_oprf } from '@noble/curves/ed25519.js'
import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'
import * as z from 'zod/mini'
import { InvalidRecoveryBlobError } from './errors.js'
import { assertStrongPassphrase, normalizePassphrase } from './passphrase.js'
import { MIN_RECOVERY_ITERATIONS, type RecoveryKdf, recoveryKdfSchema, SALT_BYTES } from './recoveryBlob.js'

const { oprf } = ristretto255_oprf
const KEY_INFO = new TextEncoder().encode('pairwise/recovery/v2/key')
const PROOF_INFO = new TextEncoder().encode('pairwise/recovery/v2/proof')

/** The auth service's evaluation of a blinded element (base64url), with the stored blob's KDF parameters. */
export type OprfAnswer = { evaluated: string; kdf: RecoveryKdf | null }
/** Sends a blinded passphrase to the auth service, which applies the user's OPRF key (and counts a guess). */
export type OprfEvaluate = (blinded: string) => Promise<OprfAnswer>

/**
 * What a passphrase derives through the server: the AES-GCM key of the recovery blob (non-extractable)
 * and the proof the server checks before it hands the blob out. Neither can be computed without the
 * server's OPRF key, so a blob (or a proof hash) in an attacker's hands cannot be tried offline.
 */
export type RecoveryKey = { kdf: RecoveryKdf; key: CryptoKey; proof: string }

const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>

function checkedKdf(kdf: unknown): RecoveryKdf {
  const parsed = recoveryKdfSchema.safeParse(kdf)
  if (!parsed.success)
    throw new InvalidRecoveryBlobError(`Invalid recovery parameters: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/**
 * OPAQUE's order (RFC 9807 §3.3.2): the passphrase is blinded and evaluated first (RFC 9497 OPRF,
 * ristretto255-SHA512, base mode), then the output is stretched with PBKDF2-SHA256 and split by HKDF
 * into the key and the proof. The server sees only a uniformly random group element; the stretch keeps
 * each guess slow for whoever also steals the OPRF key. The KDF parameters are checked before any work.
 */
async function derive(
  passphrase: string,
  evaluate: OprfEvaluate,
  kdfOf: (answered: RecoveryKdf | null) => unknown,
): Promise<RecoveryKey> {
  const input = new TextEncoder().encode(normalizePassphrase(passphrase))
  const { blind, blinded } = oprf.blind(input)
  let output: Uint8Array
  let kdf: RecoveryKdf
  try {
    const answer = await evaluate(bytesToBase64url(blinded))
    kdf = checkedKdf(kdfOf(answer.kdf))
    try {
      output = oprf.finalize(input, blind, base64urlToBytes(answer.evaluated))
    } catch {
      throw new InvalidRecoveryBlobError('The server answered no ristretto255 element')
    }
  } finally {
    input.fill(0)
    blind.fill(0)
  }
  const stretched = await stretch(output, kdf)
  output.fill(0)
  try {
    const hkdf = await crypto.subtle.importKey('raw', stretched, 'HKDF', false, ['deriveKey', 'deriveBits'])
    const params = (info: Uint8Array<ArrayBuffer>) =>
      ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info }) as const
    const key = await crypto.subtle.deriveKey(
      params(KEY_INFO),
      hkdf,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    )
    const proof = new Uint8Array(await crypto.subtle.deriveBits(params(PROOF_INFO), hkdf, 256))
    return { kdf, key, proof: bytesToBase64url(proof) }
  } finally {
    stretched.fill(0)
  }
}

async function stretch(output: Uint8Array, kdf: RecoveryKdf): Promise<Uint8Array<ArrayBuffer>> {
  const base = await crypto.subtle.importKey('raw', buffer(output), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: buffer(base64urlToBytes(kdf.salt)), iterations: kdf.iterations },
    base,
    256,
  )
  return new Uint8Array(bits)
}

/**
 * The key to lock a new wallet's recovery share with: WeakPassphraseError below the floor (before the
 * server is asked), a fresh salt, `iterations` (the floor by default).
 */
export async function recoveryKeyToLock(
  passphrase: string,
  evaluate: OprfEvaluate,
  { iterations = MIN_RECOVERY_ITERATIONS }: { iterations?: number } = {},
): Promise<RecoveryKey> {
  assertStrongPassphrase(passphrase)
  const salt = bytesToBase64url(crypto.getRandomValues(new Uint8Array(SALT_BYTES)))
  return derive(passphrase, evaluate, () => ({ iterations, salt }))
}

/** The key to open a stored recovery share: the KDF parameters are the blob's, as the server answered them. */
export function recoveryKeyToOpen(passphrase: string, evaluate: OprfEvaluate): Promise<RecoveryKey> {
  return derive(passphrase, evaluate, (answered) => {
    if (answered === null) throw new InvalidRecoveryBlobError('This wallet has no recovery set')
    return answered
  })
}
