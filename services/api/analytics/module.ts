import type { ApiModule } from '../apiModule.js'
import { analyticsMigrations } from './migrations.js'
import { analyticsRoutes } from './routes.js'

/** Events the modal sends once the host turns analytics on, and their stats for the admin. */
export const analyticsModule: ApiModule = {
  name: 'analytics',
  migrations: analyticsMigrations,
  start: ({ options }) => ({
    routes: [
      (deps) =>
        analyticsRoutes({
          ...deps,
          adminToken: options.adminToken,
          dailyRowCap: options.analyticsDailyRowCap,
        }),
    ],
  }),
}
