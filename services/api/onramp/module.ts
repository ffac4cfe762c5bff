import type { ApiModule } from '../apiModule.js'
import { onrampMigrations } from './migrations.js'
import { onrampModule as onrampParts } from './startOnramp.js'

/** Buying crypto: the providers' quotes and checkouts, and the sandbox's deliveries on a local chain. */
export const onrampModule: ApiModule = {
  name: 'onramp',
  migrations: onrampMigrations,
  start: ({ options }) => {
    const onramp = onrampParts(options.onramp)
    return {
      routes: onramp.routes,
      jobs: ({ pollMs, ...deps }) => {
        const job = onramp.job({ ...deps, sweepMs: pollMs })
        return job ? [job] : []
      },
    }
  },
}
