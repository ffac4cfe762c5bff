import type { ApiModule } from '../apiModule.js'
import { indexerJob } from './indexerJob.js'
import { indexerMigrations } from './migrations.js'

/** The indexer: transfers of every chain followed into the database, by one process at a time. */
export const indexerModule: ApiModule = {
  name: 'indexer',
  migrations: indexerMigrations,
  start: ({ options, chains }) => ({
    routes: [],
    jobs: (deps) => {
      const indexed = options.indexer === false ? [] : chains.list()
      return indexed.length > 0 ? [indexerJob(indexed, options.indexer || {}, deps)] : []
    },
  }),
}
