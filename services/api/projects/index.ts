// The in-memory counter under the name the api has always exported it by.
export {
  MemoryWindowCounter as FixedWindowLimiter,
  type WindowCounterOptions as FixedWindowLimiterOptions,
} from '../../sharedState/index.js'
export { isOriginPattern, originAllowed, parseOriginPattern } from './originMatcher.js'
export {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  effectiveFeatures,
  type Features,
  featuresSchema,
  type NewProject,
  newProjectSchema,
  noFeatures,
  originPatternSchema,
  type ProjectPatch,
  projectIdSchema,
  projectPatchSchema,
  type StoredProject,
  smartAccountNetworksSchema,
  socialProviders,
} from './project.js'
export { projectGuard } from './projectGuard.js'
export { ProjectLookup, UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE } from './projectLookup.js'
export { projectMigrations } from './projectMigrations.js'
export { projectRoutes } from './projectRoutes.js'
export { ProjectExistsError, ProjectStore, type ProjectStoreOptions } from './projectStore.js'
