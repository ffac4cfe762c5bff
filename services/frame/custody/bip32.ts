import { bytesToHex, hexToBytes } from '@pairwise/crypto'
import { privateKeyToAccount } from 'viem/accounts'

/** BIP-32 marks hardened indexes with the top bit. */
export const HARDENED = 0x8000_0000
/** BIP-44 Ethereum, first account, first address: the path every wallet shows for a seed phrase. */
export const ETHEREUM_PATH: readonly number[] = [44 + HARDENED, 60 + HARDENED, HARDENED, 0, 0]

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

type ExtendedKey = { key: Uint8Array; chainCode: Uint8Array<ArrayBuffer> }

async function hmacSha512(
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-512' }, false, [
    'sign',
  ])
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, data))
}

function toScalar(bytes: Uint8Array): bigint {
  return BigInt(`0x${bytesToHex(bytes)}`)
}

function validKey(bytes: Uint8Array): Uint8Array {
  const scalar = toScalar(bytes)
  // Probability below 2^-127 per step; BIP-32 says to skip the index, we refuse the seed instead.
  if (scalar === 0n || scalar >= CURVE_ORDER) throw new Error('BIP-32 derivation produced an invalid key')
  return bytes
}

/** The compressed public key through viem's secp256k1, so the bundle carries one copy of the curve. */
function compressedPublicKey(key: Uint8Array): Uint8Array {
  const uncompressed = hexToBytes(privateKeyToAccount(`0x${bytesToHex(key)}`).publicKey.slice(2))
  const compressed = uncompressed.slice(0, 33)
  compressed[0] = 2 + (uncompressed[64]! & 1)
  return compressed
}

async function childKey(parent: ExtendedKey, index: number): Promise<ExtendedKey> {
  const data = new Uint8Array(37)
  if (index >= HARDENED) data.set(parent.key, 1)
  else data.set(compressedPublicKey(parent.key), 0)
  new DataView(data.buffer).setUint32(33, index)
  const digest = await hmacSha512(parent.chainCode, data)
  data.fill(0)
  const tweak = toScalar(validKey(digest.subarray(0, 32)))
  const child = (tweak + toScalar(parent.key)) % CURVE_ORDER
  const key = validKey(hexToBytes(child.toString(16).padStart(64, '0')))
  const chainCode = digest.slice(32)
  digest.fill(0)
  return { key, chainCode }
}

/**
 * BIP-32 private derivation on WebCrypto's HMAC-SHA512 and viem's curve. @scure/bip32 would do the same
 * but brings its own copy of @noble/curves and @noble/hashes (versions other than viem's), about 20 kB
 * gzip of duplicate curve code in the frame; the tests hold this to @scure/bip32's answers.
 */
export async function derivePrivateKey(
  seed: Uint8Array<ArrayBuffer>,
  path: readonly number[],
): Promise<Uint8Array> {
  const master = await hmacSha512(new TextEncoder().encode('Bitcoin seed'), seed)
  let current: ExtendedKey = { key: validKey(master.slice(0, 32)), chainCode: master.slice(32) }
  master.fill(0)
  for (const index of path) {
    const next = await childKey(current, index)
    current.key.fill(0)
    current.chainCode.fill(0)
    current = next
  }
  current.chainCode.fill(0)
  return current.key
}
