// What a client needs: the platform's Web Crypto and small hand-written code (Keccak-256, secp256k1
// recovery); a curve library loads only on a runtime whose Web Crypto lacks X25519 or Ed25519. The
// pure-JavaScript primitives (servers, tests) are the separate entry './noble.ts'. `platformClientCrypto`
// is its own entry './platform' too: its lazy import of @noble would otherwise make bundlers wrap the
// modules it shares with this entry in lazy initialisers, in every app, whether it calls it or not.
export type { ClientCrypto } from './clientCrypto.js'
export { encodeDidKey } from './didKey.js'
export {
  base58btcToBytes,
  base64ToBytes,
  base64urlToBytes,
  bytesToBase58btc,
  bytesToBase64,
  bytesToBase64url,
  bytesToHex,
  bytesToUtf8,
  hexToBytes,
  utf8ToBytes,
} from './encoding.js'
export {
  type DecodedEnvelope,
  type DecodeEnvelopeParams,
  decodeEnvelope,
  type EncodeEnvelopeParams,
  type EnvelopeEncoding,
  type EnvelopeHeader,
  type EnvelopeType,
  encodeEnvelope,
  envelopeType,
  inspectEnvelope,
} from './envelope.js'
export { CryptoError, type CryptoErrorCode, isCryptoError } from './errors.js'
export { decodeJwtPayload, type P256PublicJwk, verifyEs256Jwt } from './es256.js'
export { keccak256 } from './keccak.js'
export { KEY_LENGTH, type KeyPair, type SigningKeyPair } from './keyPairs.js'
export { randomBytes, randomHex } from './random.js'
export {
  DEFAULT_JWT_TTL_SECONDS,
  MAX_JWT_LIFETIME_SECONDS,
  type SignRelayJwtParams,
  signRelayJwtWith,
} from './relayJwt.js'
export { recoverPublicKey } from './secp256k1.js'
export { verifyEd25519 } from './verifyEd25519.js'
export { createWebCrypto } from './webCrypto.js'
