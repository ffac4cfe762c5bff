import { bytesToHex, randomBytes } from '@noble/hashes/utils.js'

/**
 * A client id for a socket whose token was refused but let in: unique per socket, and shaped so that it
 * can never collide with a did:key, which would let one client be taken for another.
 */
export function anonymousClientId(): string {
  return `anonymous:${bytesToHex(randomBytes(16))}`
}
