import { assertBytes } from './assert.js'
import { PUBLIC_KEY_LENGTH } from './didKey.js'
import { loadNobleFallback } from './nobleFallback.js'
import { isSmallOrderKey } from './smallOrderKeys.js'

const ED25519 = { name: 'Ed25519' }
const SIGNATURE_LENGTH = 64

/**
 * Whether `signature` is the Ed25519 signature (RFC 8032) of `message` by `publicKey`; false, never a
 * throw, for a key or signature that cannot be one. On the platform's Web Crypto when it has Ed25519,
 * otherwise on @noble/curves (strict: no ZIP-215), loaded only then. A small-order key is refused on
 * both, so the answer does not depend on which one ran.
 */
export async function verifyEd25519(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<boolean> {
  assertBytes(message, 'message', 'INVALID_INPUT')
  if (!(signature instanceof Uint8Array) || signature.length !== SIGNATURE_LENGTH) return false
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== PUBLIC_KEY_LENGTH) return false
  if (isSmallOrderKey(publicKey)) return false
  if (subtle !== null) {
    try {
      const key = await subtle.importKey('raw', new Uint8Array(publicKey), ED25519, false, ['verify'])
      return await subtle.verify(ED25519, key, new Uint8Array(signature), new Uint8Array(message))
    } catch (error) {
      if (!(error instanceof Error && error.name === 'NotSupportedError')) return false
    }
  }
  const { ed25519 } = await loadNobleFallback(
    'Ed25519 verification',
    () => import('@noble/curves/ed25519.js'),
  )
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false })
  } catch {
    return false
  }
}
