export { type ActivityChain, type ActivityRouteOptions, activityRoutes } from './activityRoutes.js'
export type { ActivityItem, ActivityPage } from './listActivity.js'
export { tokensSeenBy } from './tokensSeenBy.js'
