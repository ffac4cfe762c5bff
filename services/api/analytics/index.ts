export { analyticsMigrations } from './migrations.js'
export { type AnalyticsRouteOptions, analyticsRoutes } from './routes.js'
export { ingestLimits } from './schema.js'
export {
  type AnalyticsStats,
  AnalyticsStore,
  defaultDailyRowCap,
  eventsPerClientPerDay,
  eventsPerClientPerHour,
} from './store.js'
