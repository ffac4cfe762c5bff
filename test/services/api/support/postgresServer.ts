import { type PostgresServer, startPostgres } from '../../../../services/cluster/postgresServer.js'
import { freePort } from '../../../support/ports.js'

export type { PostgresServer }

/**
 * A throwaway PostgreSQL cluster in a temp folder on a free port: loopback only, its superuser's password in
 * the URL, no durability (fsync off) since nothing outlives the test run; `stop()` waits for it to exit and
 * removes it.
 */
export async function startPostgresServer(timeoutMs = 20_000): Promise<PostgresServer> {
  return startPostgres({ port: await freePort(), timeoutMs })
}
