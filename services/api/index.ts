export {
  MIN_ADMIN_TOKEN_LENGTH,
  requireAdmin,
  WeakAdminTokenError,
} from './admin/index.js'
export { type ApiDeps, createApiApp, type RouteFactory } from './app.js'
export { type ApiConfig, apiConfig, DEFAULT_API_PORT, defaultApiDatabase } from './config.js'
export { type Database, type Migrations, migrate, openDatabase } from './db/index.js'
export { ApiError, type ApiErrorCode } from './http/apiError.js'
export type { ApiLogger, Project, ProjectGuard, RouteDeps } from './http/types.js'
export { validJson, validQuery } from './http/validate.js'
export * from './projects/index.js'
export { type RunningApi, type StartApiOptions, startApi } from './startApi.js'
