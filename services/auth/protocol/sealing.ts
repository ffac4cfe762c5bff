import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'

/** A secret sealed to one device's agreement key: the ephemeral public key (SPKI), the nonce, the ciphertext. */
export type Sealed = { epk: string; iv: string; ct: string }

const AGREEMENT = { name: 'ECDH', namedCurve: 'P-256' } as const
const INFO = new TextEncoder().encode('pairwise/auth-share/v1')

const subtle = () => globalThis.crypto.subtle
const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>

/** ECDH secret → HKDF-SHA256 (empty salt, info `pairwise/auth-share/v1`) → AES-256-GCM key. */
async function sealingKey(privateKey: CryptoKey, publicKey: CryptoKey, usage: KeyUsage): Promise<CryptoKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256)
  const hkdf = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  )
}

/** A device's agreement key from its base64url SPKI; throws unless it is a P-256 public key. */
export async function agreementKeyOf(agreementSpki: string): Promise<CryptoKey> {
  return subtle().importKey('spki', buffer(base64urlToBytes(agreementSpki)), AGREEMENT, false, [])
}

/** Encrypts `bytes` so that only the holder of `agreementSpki`'s private key can read them. */
export async function sealToDevice(agreementSpki: string, bytes: Uint8Array): Promise<Sealed> {
  const recipient = await agreementKeyOf(agreementSpki)
  const ephemeral = await subtle().generateKey(AGREEMENT, true, ['deriveBits'])
  const key = await sealingKey(ephemeral.privateKey, recipient, 'encrypt')
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv }, key, buffer(bytes))
  return {
    epk: bytesToBase64url(new Uint8Array(await subtle().exportKey('spki', ephemeral.publicKey))),
    iv: bytesToBase64url(iv),
    ct: bytesToBase64url(new Uint8Array(ct)),
  }
}

/** The bytes `sealed` carries; throws when they were sealed to another key or changed on the way. */
export async function openSealed(agreementPrivateKey: CryptoKey, sealed: Sealed): Promise<Uint8Array> {
  const epk = await subtle().importKey('spki', buffer(base64urlToBytes(sealed.epk)), AGREEMENT, false, [])
  const key = await sealingKey(agreementPrivateKey, epk, 'decrypt')
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: buffer(base64urlToBytes(sealed.iv)) },
    key,
    buffer(base64urlToBytes(sealed.ct)),
  )
  return new Uint8Array(plain)
}
