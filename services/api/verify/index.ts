export {
  type AttestationKey,
  type AttestationKeyOptions,
  DatabaseAttestationKeys,
  DEFAULT_KEY_LIFETIME_SECONDS,
  FileAttestationKeys,
  type SigningKeys,
} from './attestationKeys.js'
export {
  AttestationStore,
  type AttestationStoreOptions,
  type Attestations,
  DEFAULT_ATTESTATION_TTL_MS,
  DEFAULT_ATTESTATIONS_PER_CLIENT,
  DEFAULT_MAX_ATTESTATIONS,
} from './attestationStore.js'
export {
  ChallengeStore,
  type ChallengeStoreOptions,
  type Challenges,
  DEFAULT_CHALLENGE_TTL_MS,
  DEFAULT_CHALLENGES_PER_CLIENT,
  DEFAULT_MAX_CHALLENGES,
} from './challengeStore.js'
export { verifyMigrations } from './migrations.js'
export { RedisAttestationStore } from './redisAttestationStore.js'
export { RedisChallengeStore } from './redisChallengeStore.js'
export {
  DEFAULT_FRAMES_PER_MINUTE,
  DEFAULT_REGISTRATIONS_PER_MINUTE,
  MAX_ORIGIN_LENGTH,
  type VerifyRouteOptions,
  verifyRoutes,
} from './routes.js'
export { MAX_SCAM_PATTERNS, ScamList, type ScamListOptions } from './scamList.js'
export { VERIFY_FRAME_CONFIG_ID, verifyFrameCsp, verifyFramePage } from './verifyFrame.js'
