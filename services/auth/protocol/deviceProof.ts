import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'

/** The request headers that carry the device's identity and its signature over the request. */
export const DEVICE_HEADER = 'x-pairwise-device'
export const PROOF_HEADER = 'x-pairwise-proof'

const PROOF_CONTEXT = 'pairwise-auth/v1'
const SIGNING = { name: 'ECDSA', namedCurve: 'P-256' } as const
const AGREEMENT = { name: 'ECDH', namedCurve: 'P-256' } as const
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const
// `<unix ms>.<64-byte P1363 signature in base64url>`; 16 digits keep the number exact in a double.
const proofShape = /^(\d{1,16})\.([A-Za-z0-9_-]{86})$/

const subtle = () => globalThis.crypto.subtle
const utf8 = new TextEncoder()

/**
 * A device's two P-256 key pairs, made in the frame with private keys that cannot be exported: ECDSA signs
 * its requests, ECDH receives the auth share. The public halves travel as base64url SPKI.
 */
export type DeviceKeys = {
  /** base64url(SHA-256(signing SPKI)). */
  deviceId: string
  signingKey: string
  agreementKey: string
  signing: CryptoKeyPair
  agreement: CryptoKeyPair
}

export type ProofRequest = {
  method: string
  /** The URL path without its query. */
  path: string
  /** The raw request body; '' when there is none. */
  body: string | Uint8Array
  /** Unix milliseconds the proof is made at. */
  now: number
}

export type ProofHeaders = { [DEVICE_HEADER]: string; [PROOF_HEADER]: string }

export type ProofCheck =
  /**
   * `replayKey` is the signature's r half: ECDSA signatures are malleable (s and n − s both verify), r is
   * not, so a replay cache keyed on it also refuses the flipped twin.
   */
  | { ok: true; timestamp: number; replayKey: string }
  | { ok: false; reason: 'malformed' | 'device' | 'stale' | 'signature' }

const bytesOf = (body: string | Uint8Array) => (typeof body === 'string' ? utf8.encode(body) : body)

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
}

async function spkiOf(key: CryptoKey): Promise<string> {
  return bytesToBase64url(new Uint8Array(await subtle().exportKey('spki', key)))
}

/** The device id a signing key's base64url SPKI names. */
export async function deviceIdOf(signingSpki: string): Promise<string> {
  return bytesToBase64url(await sha256(base64urlToBytes(signingSpki)))
}

/** DeviceKeys around key pairs kept from before (the frame stores the CryptoKeyPairs in IndexedDB). */
export async function deviceKeysOf(signing: CryptoKeyPair, agreement: CryptoKeyPair): Promise<DeviceKeys> {
  const signingKey = await spkiOf(signing.publicKey)
  return {
    deviceId: await deviceIdOf(signingKey),
    signingKey,
    agreementKey: await spkiOf(agreement.publicKey),
    signing,
    agreement,
  }
}

/** A new device: both key pairs with non-extractable private keys. */
export async function createDeviceKeys(): Promise<DeviceKeys> {
  const signing = await subtle().generateKey(SIGNING, false, ['sign', 'verify'])
  const agreement = await subtle().generateKey(AGREEMENT, false, ['deriveBits'])
  return deviceKeysOf(signing, agreement)
}

/** The UTF-8 text a proof signs. */
export async function proofMessage(
  request: Omit<ProofRequest, 'now'>,
  timestamp: number,
): Promise<Uint8Array> {
  const bodyHash = bytesToBase64url(await sha256(bytesOf(request.body)))
  return utf8.encode(
    `${PROOF_CONTEXT}\n${request.method.toUpperCase()}\n${request.path}\n${timestamp}\n${bodyHash}`,
  )
}

/** The headers that prove `keys` made this request, at `now`. */
export async function proofHeaders(
  keys: Pick<DeviceKeys, 'deviceId'> & { signing: Pick<CryptoKeyPair, 'privateKey'> },
  request: ProofRequest,
): Promise<ProofHeaders> {
  const timestamp = Math.floor(request.now)
  const message = await proofMessage(request, timestamp)
  const signature = new Uint8Array(
    await subtle().sign(SIGNATURE, keys.signing.privateKey, message as Uint8Array<ArrayBuffer>),
  )
  return { [DEVICE_HEADER]: keys.deviceId, [PROOF_HEADER]: `${timestamp}.${bytesToBase64url(signature)}` }
}

/**
 * Whether `proof` is `signingKey`'s signature over this request, made within `maxSkewMs` of `now`, by
 * the device `device` names. Replays are the caller's to refuse, by `replayKey`.
 */
export async function verifyProof(input: {
  signingKey: string
  device: string | undefined
  proof: string | undefined
  request: Omit<ProofRequest, 'now'>
  now: number
  maxSkewMs: number
}): Promise<ProofCheck> {
  const match = proofShape.exec(input.proof ?? '')
  if (!match) return { ok: false, reason: 'malformed' }
  const timestamp = Number(match[1])
  const signatureText = match[2] ?? ''
  let key: CryptoKey
  let signature: Uint8Array
  try {
    if ((await deviceIdOf(input.signingKey)) !== input.device) return { ok: false, reason: 'device' }
    signature = base64urlToBytes(signatureText)
    key = await subtle().importKey(
      'spki',
      base64urlToBytes(input.signingKey) as Uint8Array<ArrayBuffer>,
      SIGNING,
      false,
      ['verify'],
    )
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (Math.abs(input.now - timestamp) > input.maxSkewMs) return { ok: false, reason: 'stale' }
  const message = await proofMessage(input.request, timestamp)
  const valid = await subtle().verify(
    SIGNATURE,
    key,
    signature as Uint8Array<ArrayBuffer>,
    message as Uint8Array<ArrayBuffer>,
  )
  if (!valid) return { ok: false, reason: 'signature' }
  return { ok: true, timestamp, replayKey: bytesToBase64url(signature.subarray(0, 32)) }
}
