import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from './encoding.js'

type EdwardsPoint = { isSmallOrder(): boolean }
type PointDecoder = { fromHex(hex: string, zip215: boolean): EdwardsPoint }

// @noble/curves 2 names the point class `Point`, 1.9 (what viem pins, so a dapp's tree holds it)
// `ExtendedPoint`; both decode a hex string the same way, which is all we ask of either.
const points: PointDecoder =
  'Point' in ed25519 ? ed25519.Point : (ed25519 as unknown as { ExtendedPoint: PointDecoder }).ExtendedPoint

/**
 * The Ed25519 point `bytes` encode, decoded as RFC 8032 says (no ZIP-215 leniency: a y at or above the
 * field prime is refused), or undefined when they encode none.
 */
export function decodeEdwardsPoint(bytes: Uint8Array): EdwardsPoint | undefined {
  try {
    return points.fromHex(bytesToHex(bytes), false)
  } catch {
    return undefined
  }
}
