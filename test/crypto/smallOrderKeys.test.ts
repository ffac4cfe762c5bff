import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { hexToBytes } from '../../crypto/encoding.js'
import { isSmallOrderKey } from '../../crypto/smallOrderKeys.js'

/** The eight points of small order: the multiples of one point of order 8. */
function torsionPoints(): Uint8Array[] {
  const order8 = ed25519.Point.fromHex('26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05')
  const points = [ed25519.Point.ZERO]
  for (let i = 1; i < 8; i++) points.push(points[i - 1]!.add(order8))
  return points.map((point) => point.toBytes())
}

const withSignBit = (bytes: Uint8Array) =>
  Uint8Array.from(bytes, (byte, i) => (i === 31 ? byte | 0x80 : byte))

describe('small-order Ed25519 keys', () => {
  it('are all eight points of small order, with either sign bit', () => {
    const points = torsionPoints()
    expect(points.every((bytes) => ed25519.Point.fromBytes(bytes).isSmallOrder())).toBe(true)
    for (const bytes of points) {
      expect(isSmallOrderKey(bytes)).toBe(true)
      expect(isSmallOrderKey(withSignBit(bytes))).toBe(true)
    }
  })

  it('include the non-canonical encodings y = p and y = p + 1 of the points y = 0 and y = 1', () => {
    expect(isSmallOrderKey(hexToBytes(`ed${'ff'.repeat(30)}7f`))).toBe(true)
    expect(isSmallOrderKey(hexToBytes(`ee${'ff'.repeat(30)}7f`))).toBe(true)
  })

  it('are not any real signer’s key', () => {
    for (let i = 0; i < 16; i++) expect(isSmallOrderKey(ed25519.keygen().publicKey)).toBe(false)
  })
})
