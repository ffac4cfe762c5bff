import { describe, expect, it } from 'vitest'
import { base64urlToBytes, bytesToBase64url } from '../../../crypto/encoding.js'
import {
  createDeviceKeys,
  DEVICE_HEADER,
  deviceIdOf,
  openSealed,
  PROOF_HEADER,
  proofHeaders,
  sealToDevice,
  verifyProof,
} from '../../../services/auth/protocol/index.js'

const now = Date.UTC(2026, 0, 10, 12)
const request = { method: 'POST', path: '/auth/v1/wallet/share', body: '{"purpose":"sign"}' }
// The order of the P-256 group: s and n − s are both valid signatures of the same message.
const n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

async function signed(keys: Awaited<ReturnType<typeof createDeviceKeys>>, at = now) {
  const headers = await proofHeaders(keys, { ...request, now: at })
  return { device: headers[DEVICE_HEADER], proof: headers[PROOF_HEADER] }
}

describe('device proof', () => {
  it('makes non-extractable P-256 keys and names the device by the SHA-256 of its signing SPKI', async () => {
    const keys = await createDeviceKeys()
    expect(keys.signing.privateKey.extractable).toBe(false)
    expect(keys.agreement.privateKey.extractable).toBe(false)
    const digest = new Uint8Array(
      await crypto.subtle.digest('SHA-256', base64urlToBytes(keys.signingKey) as Uint8Array<ArrayBuffer>),
    )
    expect(keys.deviceId).toBe(bytesToBase64url(digest))
    expect(await deviceIdOf(keys.signingKey)).toBe(keys.deviceId)
  })

  it('signs `<unix ms>.<64-byte P1363 signature>` that verifies for this method, path and body', async () => {
    const keys = await createDeviceKeys()
    const { device, proof } = await signed(keys)
    expect(proof).toMatch(new RegExp(`^${now}\\.[A-Za-z0-9_-]{86}$`))
    const check = { signingKey: keys.signingKey, device, proof, request, now, maxSkewMs: 60_000 }
    expect(await verifyProof(check)).toMatchObject({ ok: true, timestamp: now })
    expect(await verifyProof({ ...check, request: { ...request, body: '{"purpose":"export"}' } })).toEqual({
      ok: false,
      reason: 'signature',
    })
    expect(await verifyProof({ ...check, request: { ...request, path: '/auth/v1/wallet' } })).toEqual({
      ok: false,
      reason: 'signature',
    })
    expect(await verifyProof({ ...check, now: now + 60_001 })).toEqual({ ok: false, reason: 'stale' })
    expect(await verifyProof({ ...check, now: now - 60_001 })).toEqual({ ok: false, reason: 'stale' })
    const other = await createDeviceKeys()
    expect(await verifyProof({ ...check, signingKey: other.signingKey })).toEqual({
      ok: false,
      reason: 'device',
    })
    expect(await verifyProof({ ...check, signingKey: other.signingKey, device: other.deviceId })).toEqual({
      ok: false,
      reason: 'signature',
    })
    expect(await verifyProof({ ...check, proof: 'nonsense' })).toEqual({ ok: false, reason: 'malformed' })
  })

  it('gives the flipped twin of a signature (s → n − s) the same replay key', async () => {
    const keys = await createDeviceKeys()
    const { device, proof } = await signed(keys)
    const [stamp, text] = proof.split('.') as [string, string]
    const signature = base64urlToBytes(text)
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)
    const flipped = new Uint8Array(signature)
    flipped.set(Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'), 32)
    const check = { signingKey: keys.signingKey, device, request, now, maxSkewMs: 60_000 }
    const first = await verifyProof({ ...check, proof })
    const twin = await verifyProof({ ...check, proof: `${stamp}.${bytesToBase64url(flipped)}` })
    expect(first.ok && twin.ok).toBe(true)
    expect(first.ok && twin.ok && first.replayKey === twin.replayKey).toBe(true)
  })
})

describe('sealing to a device', () => {
  it('opens with the device agreement key and with no other', async () => {
    const keys = await createDeviceKeys()
    const secret = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
    const sealed = await sealToDevice(keys.agreementKey, secret)
    expect(sealed.ct).not.toContain(bytesToBase64url(secret))
    expect(await openSealed(keys.agreement.privateKey, sealed)).toEqual(secret)
    const other = await createDeviceKeys()
    await expect(openSealed(other.agreement.privateKey, sealed)).rejects.toThrow()
    const changed = { ...sealed, ct: `${sealed.ct.startsWith('A') ? 'B' : 'A'}${sealed.ct.slice(1)}` }
    await expect(openSealed(keys.agreement.privateKey, changed)).rejects.toThrow()
  })
})
