export type { ClientCrypto } from './clientCrypto.js'
export { decodeDidKey, encodeDidKey } from './didKey.js'
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
export {
  DEFAULT_JWT_LEEWAY_SECONDS,
  DEFAULT_JWT_TTL_SECONDS,
  type RelayJwtClaims,
  type SignRelayJwtParams,
  signRelayJwt,
  signRelayJwtWith,
  type VerifyRelayJwtOptions,
  verifyRelayJwt,
} from './jwt.js'
export { deriveSymKey, generateKeyPair, KEY_LENGTH, type KeyPair, publicKeyFromPrivateKey } from './keys.js'
export { nobleCrypto } from './nobleCrypto.js'
export { platformClientCrypto } from './platformCrypto.js'
export { randomBytes, randomHex } from './random.js'
export { generateSigningKeyPair, type SigningKeyPair, signingPublicKey } from './signingKeys.js'
export { hashKey, hashMessage, topicFromSymKey } from './topic.js'
export { createWebCrypto } from './webCrypto.js'
