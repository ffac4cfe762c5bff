// The primitives in pure JavaScript (@noble), synchronous: for the relay server, for tests, and, as
// `nobleCrypto`, for clients on runtimes whose Web Crypto lacks X25519 or Ed25519. They run on
// @noble/curves 1.9 (what viem pins, so a dapp already has it) as on 2.x: an optional peer, one copy.
export { decodeDidKey } from './decodeDidKey.js'
export {
  DEFAULT_JWT_LEEWAY_SECONDS,
  type RelayJwtClaims,
  type SignatureCheck,
  signRelayJwt,
  type VerifyRelayJwtOptions,
  verifyRelayJwt,
} from './jwt.js'
export { deriveSymKey, generateKeyPair, publicKeyFromPrivateKey } from './keys.js'
export { nobleCrypto } from './nobleCrypto.js'
export { generateSigningKeyPair, signingPublicKey } from './signingKeys.js'
export { hashKey, hashMessage, topicFromSymKey } from './topic.js'
