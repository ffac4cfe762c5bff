export { type SiwxVerify, storedAddress } from './acceptSignIn.js'
export { siwxLimits } from './limits.js'
export { siwxMigrations } from './migrations.js'
export { type SiwxRouteOptions, siwxRoutes } from './routes.js'
