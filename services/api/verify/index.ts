export {
  type AttestationKey,
  type AttestationKeyOptions,
  AttestationKeys,
  DEFAULT_KEY_LIFETIME_SECONDS,
} from './attestationKeys.js'
export {
  AttestationStore,
  type AttestationStoreOptions,
  DEFAULT_ATTESTATION_TTL_MS,
  DEFAULT_MAX_ATTESTATIONS,
} from './attestationStore.js'
export { MAX_SCAM_PATTERNS, ScamList, type ScamListOptions } from './scamList.js'
export { MAX_ORIGIN_LENGTH, type VerifyRouteOptions, verifyRoutes } from './verifyRoutes.js'
