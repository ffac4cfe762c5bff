// Keccak-256 as Ethereum uses it (the original Keccak padding 0x01, not FIPS 202 SHA3's 0x06), after
// "The Keccak reference" 3.0: EIP-191 hashing needs only this, and a hash library weighs more in the bundle.
// Each 64-bit lane i = x + 5y is the word pair (state[2i] low, state[2i + 1] high), so no BigInt in the
// rounds. Only public data (messages, public keys) goes through here, so timing leaks nothing.

const RATE = 136
const ROUNDS = 24

/** Rotate the 64-bit lane (hi, lo) left by `n` (1..63, not 32): the high word, then the low word. */
const rotHi = (hi: number, lo: number, n: number): number =>
  n < 32 ? (hi << n) | (lo >>> (32 - n)) : (lo << (n - 32)) | (hi >>> (64 - n))
const rotLo = (hi: number, lo: number, n: number): number =>
  n < 32 ? (lo << n) | (hi >>> (32 - n)) : (hi << (n - 32)) | (lo >>> (64 - n))

/**
 * Round constants from the reference's degree-8 LFSR (bits 2^j - 1 of lane 0), and for ρ∘π the walk
 * (x, y) → (y, 2x + 3y) from lane (1, 0): the word index each lane moves to and its rotation, (t+1)(t+2)/2.
 */
function keccakTables(): { roundLo: Uint32Array; roundHi: Uint32Array; pi: number[]; rho: number[] } {
  const roundLo = new Uint32Array(ROUNDS)
  const roundHi = new Uint32Array(ROUNDS)
  const pi: number[] = []
  const rho: number[] = []
  let lfsr = 1
  for (let t = 0, x = 1, y = 0; t < ROUNDS; t++) {
    ;[x, y] = [y, (2 * x + 3 * y) % 5]
    pi.push(2 * (x + 5 * y))
    rho.push((((t + 1) * (t + 2)) / 2) % 64)
    for (let j = 0; j < 7; j++) {
      lfsr = ((lfsr << 1) ^ ((lfsr >> 7) * 0x71)) & 0xff
      const bit = (1 << j) - 1
      if (!(lfsr & 2)) continue
      if (bit < 32) roundLo[t]! |= 1 << bit
      else roundHi[t]! |= 1 << (bit - 32)
    }
  }
  return { roundLo, roundHi, pi, rho }
}

const { roundLo, roundHi, pi, rho } = keccakTables()

/** Keccak-f[1600] in place; `scratch` holds 10 words (a plane's column parities, then a row). */
function permute(state: Uint32Array, scratch: Uint32Array): void {
  for (let round = 0; round < ROUNDS; round++) {
    // θ: every lane takes the parity of the column to its left and the rotated parity of the one to its right.
    for (let i = 0; i < 10; i++) {
      scratch[i] = state[i]! ^ state[i + 10]! ^ state[i + 20]! ^ state[i + 30]! ^ state[i + 40]!
    }
    for (let x = 0; x < 10; x += 2) {
      const left = (x + 8) % 10
      const right = (x + 2) % 10
      const lo = scratch[left]! ^ rotLo(scratch[right + 1]!, scratch[right]!, 1)
      const hi = scratch[left + 1]! ^ rotHi(scratch[right + 1]!, scratch[right]!, 1)
      for (let y = 0; y < 50; y += 10) {
        state[x + y]! ^= lo
        state[x + y + 1]! ^= hi
      }
    }
    // ρ and π: carry each lane along the walk, rotating it into its destination.
    let lo = state[2]!
    let hi = state[3]!
    for (let t = 0; t < ROUNDS; t++) {
      const to = pi[t]!
      const nextLo = state[to]!
      const nextHi = state[to + 1]!
      state[to] = rotLo(hi, lo, rho[t]!)
      state[to + 1] = rotHi(hi, lo, rho[t]!)
      lo = nextLo
      hi = nextHi
    }
    // χ: each row's lanes take (not next) and next-but-one.
    for (let y = 0; y < 50; y += 10) {
      for (let i = 0; i < 10; i++) scratch[i] = state[y + i]!
      for (let i = 0; i < 10; i++) state[y + i]! ^= ~scratch[(i + 2) % 10]! & scratch[(i + 4) % 10]!
    }
    // ι
    state[0] = state[0]! ^ roundLo[round]!
    state[1] = state[1]! ^ roundHi[round]!
  }
}

export function keccak256(data: Uint8Array): Uint8Array {
  const state = new Uint32Array(50)
  const scratch = new Uint32Array(10)
  // Lanes are little-endian, so byte i of a block is byte i % 4 of word i / 4.
  const xorByte = (i: number, byte: number) => {
    state[i >> 2]! ^= byte << ((i & 3) * 8)
  }
  let offset = 0
  for (const byte of data) {
    xorByte(offset++, byte)
    if (offset === RATE) {
      permute(state, scratch)
      offset = 0
    }
  }
  xorByte(offset, 0x01)
  xorByte(RATE - 1, 0x80)
  permute(state, scratch)
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = state[i >> 2]! >>> ((i & 3) * 8)
  return out
}
