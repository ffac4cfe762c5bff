export { type ActivityChain, type ActivityRouteOptions, activityRoutes } from './routes.js'
export type { ActivityItem, ActivityPage } from './listActivity.js'
export type { SolanaActivityItem, SolanaActivityPage } from './solanaActivity.js'
export { tokensSeenBy } from './tokensSeenBy.js'
