// The primitives in pure JavaScript (@noble), synchronous: for the relay server, for tests, and, as
// `nobleCrypto`, for clients on runtimes whose Web Crypto lacks X25519 or Ed25519.
export { decodeDidKey } from './decodeDidKey.js'
export { generateP256SecretKey, p256PublicJwk, signEs256Jwt } from './es256Sign.js'
export {
  DEFAULT_JWT_LEEWAY_SECONDS,
  type RelayJwtClaims,
  signRelayJwt,
  type VerifyRelayJwtOptions,
  verifyRelayJwt,
} from './jwt.js'
export { deriveSymKey, generateKeyPair, publicKeyFromPrivateKey } from './keys.js'
export { nobleCrypto } from './nobleCrypto.js'
export { generateSigningKeyPair, signingPublicKey } from './signingKeys.js'
export { hashKey, hashMessage, topicFromSymKey } from './topic.js'
