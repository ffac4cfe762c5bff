import { keccak_256, sha3_256 } from '@noble/hashes/sha3.js'
import { describe, expect, it } from 'vitest'
import { keccak256 } from '../../crypto/index.js'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/** Deterministic bytes (xorshift32), so a failing length reproduces. */
function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length)
  let x = seed || 1
  for (let i = 0; i < length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x
  }
  return out
}

describe('keccak256', () => {
  it('hashes the published vectors for the empty input and "abc"', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    )
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    )
  })

  it('pads as Keccak (0x01), not as FIPS 202 SHA3-256 (0x06)', () => {
    const empty = new Uint8Array()
    expect(hex(keccak256(empty))).not.toBe(hex(sha3_256(empty)))
  })

  it('agrees with noble on every length 0..300, across two rate (136-byte) boundaries', () => {
    for (let length = 0; length <= 300; length++) {
      const data = pseudoRandomBytes(length, length + 1)
      expect(hex(keccak256(data)), `length ${length}`).toBe(hex(keccak_256(data)))
    }
  })

  it('agrees with noble on large inputs', () => {
    for (const length of [10_000, 100_000]) {
      const data = pseudoRandomBytes(length, length)
      expect(hex(keccak256(data)), `length ${length}`).toBe(hex(keccak_256(data)))
    }
    const ones = new Uint8Array(136 * 20).fill(0xff)
    expect(hex(keccak256(ones))).toBe(hex(keccak_256(ones)))
  })

  it('hashes only the bytes of a subarray view, not the rest of its buffer', () => {
    const buffer = pseudoRandomBytes(400, 42)
    const view = buffer.subarray(7, 7 + 200)
    expect(view.byteOffset).toBe(7)
    expect(hex(keccak256(view))).toBe(hex(keccak_256(view.slice())))
  })

  it('leaves its input untouched', () => {
    const data = pseudoRandomBytes(150, 9)
    const copy = data.slice()
    keccak256(data)
    expect(data).toEqual(copy)
  })
})
