import { bytesToHex, hexToBytes } from './encoding.js'

// ECDSA public-key recovery on secp256k1 (SEC 1 §4.1.6, curve from SEC 2 §2.4.1) in native BigInt:
// a sign-in check needs only this, and a general curve library weighs several times more in the bundle.
// Only public data (signatures, hashes, keys) goes through here, so timing leaks nothing: not constant-time.

const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const B = 7n

/** Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at infinity. */
interface Point {
  readonly x: bigint
  readonly y: bigint
  readonly z: bigint
}

const INFINITY: Point = { x: 0n, y: 1n, z: 0n }
const G: Point = {
  x: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  y: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
  z: 1n,
}

function mod(a: bigint, m: bigint): bigint {
  const result = a % m
  return result < 0n ? result + m : result
}

function pow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n
  let square = mod(base, m)
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * square) % m
    square = (square * square) % m
  }
  return result
}

/** Inverse modulo the prime `m` (Fermat); `a` must not be 0 mod `m`. */
const invert = (a: bigint, m: bigint): bigint => pow(a, m - 2n, m)

// dbl-2009-l (a = 0). secp256k1 has no point of order 2, so only Z = 0 yields infinity, through Z3.
function double({ x, y, z }: Point): Point {
  const a = (x * x) % P
  const b = (y * y) % P
  const c = (b * b) % P
  const d = mod(2n * ((x + b) ** 2n - a - c), P)
  const e = (3n * a) % P
  const x3 = mod(e * e - 2n * d, P)
  return { x: x3, y: mod(e * (d - x3) - 8n * c, P), z: (2n * y * z) % P }
}

// add-1998-cmo-2, falling back to doubling when both points are the same.
function add(p: Point, q: Point): Point {
  if (p.z === 0n) return q
  if (q.z === 0n) return p
  const pz2 = (p.z * p.z) % P
  const qz2 = (q.z * q.z) % P
  const u1 = (p.x * qz2) % P
  const u2 = (q.x * pz2) % P
  const s1 = (((p.y * q.z) % P) * qz2) % P
  const s2 = (((q.y * p.z) % P) * pz2) % P
  const h = mod(u2 - u1, P)
  const r = mod(s2 - s1, P)
  if (h === 0n) return r === 0n ? double(p) : INFINITY
  const h2 = (h * h) % P
  const h3 = (h2 * h) % P
  const u1h2 = (u1 * h2) % P
  const x3 = mod(r * r - h3 - 2n * u1h2, P)
  return { x: x3, y: mod(r * (u1h2 - x3) - s1 * h3, P), z: (((p.z * q.z) % P) * h) % P }
}

/** `a·G + b·R` with one shared chain of doublings (Shamir's trick). */
function mulAdd(a: bigint, b: bigint, R: Point): Point {
  const addends = [INFINITY, G, R, add(G, R)] as const
  let acc = INFINITY
  for (let bit = 255n; bit >= 0n; bit--) {
    acc = double(acc)
    const pick = Number((a >> bit) & 1n) | (Number((b >> bit) & 1n) << 1)
    acc = add(acc, addends[pick as 0 | 1 | 2 | 3])
  }
  return acc
}

/** The curve point with x-coordinate `x` and y of parity `odd`, if `x` is on the curve. */
function liftX(x: bigint, odd: 0 | 1): Point | undefined {
  const ySquared = mod(x ** 3n + B, P)
  // p ≡ 3 (mod 4), so a square's root is its (p+1)/4-th power; a non-square's "root" fails to square back.
  const root = pow(ySquared, (P + 1n) / 4n, P)
  if ((root * root) % P !== ySquared) return undefined
  return { x, y: (root & 1n) === BigInt(odd) ? root : P - root, z: 1n }
}

const to32Bytes = (value: bigint): Uint8Array => hexToBytes(value.toString(16).padStart(64, '0'))

/**
 * The uncompressed public key (0x04‖x‖y) whose ECDSA signature (r, s) with recovery bit `recovery` signs
 * the 32-byte `hash`, or undefined when no key can have made it. High s is accepted, as by noble. r is taken
 * as R's x-coordinate itself: recovery ids 2 and 3 (x = r + n) do not occur in `personal_sign`.
 */
export function recoverPublicKey(
  hash: Uint8Array,
  r: bigint,
  s: bigint,
  recovery: 0 | 1,
): Uint8Array | undefined {
  if (hash.length !== 32) throw new RangeError(`hash must be 32 bytes, got ${hash.length}`)
  if (r <= 0n || r >= N || s <= 0n || s >= N) return undefined
  const R = liftX(r, recovery)
  if (R === undefined) return undefined
  const rInverse = invert(r, N)
  const h = BigInt(`0x${bytesToHex(hash)}`) % N
  const Q = mulAdd(mod(-h * rInverse, N), (s * rInverse) % N, R)
  if (Q.z === 0n) return undefined
  const zInverse = invert(Q.z, P)
  const zInverse2 = (zInverse * zInverse) % P
  const key = new Uint8Array(65)
  key[0] = 4
  key.set(to32Bytes((Q.x * zInverse2) % P), 1)
  key.set(to32Bytes((((Q.y * zInverse2) % P) * zInverse) % P), 33)
  return key
}
