import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KekBox } from '../../../services/auth/kekBox.js'

const kek = randomBytes(32)
const aad = 'pairwise/share/v1|auth|wallet-1|1'

/** What a forger writes into a row: bytes under the KEK whose GCM tag is cut to `tagBytes`. */
function sealedWithShortTag(bytes: Uint8Array, tagBytes: number) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', kek, iv, { authTagLength: tagBytes })
  cipher.setAAD(Buffer.from(aad))
  const ct = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()])
  return { iv: iv.toString('base64url'), ct: ct.toString('base64url') }
}

describe('values sealed under the KEK', () => {
  it('open to the bytes they were sealed with, under the same AAD', () => {
    const box = new KekBox(kek)
    const share = Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)
    expect(box.open(aad, box.seal(aad, share))).toEqual(share)
  })

  it('do not open under another AAD', () => {
    const box = new KekBox(kek)
    const sealed = box.seal(aad, Uint8Array.of(1, 2, 3))
    expect(() => box.open('pairwise/share/v1|auth|wallet-2|1', sealed)).toThrow()
  })

  it('are refused when the stored tag is shorter than 16 bytes, which a forger could match by trial', () => {
    const box = new KekBox(kek)
    expect(() => box.open(aad, sealedWithShortTag(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8), 4))).toThrow()
    expect(() => box.open(aad, sealedWithShortTag(Uint8Array.of(), 8))).toThrow()
  })
})
