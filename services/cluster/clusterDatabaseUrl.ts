import { isPostgresUrl } from '../api/db/openDatabase.js'
import { redactedUrl } from './redactedUrl.js'

/**
 * The database every api and auth node of the cluster shares: `--database`, else `DATABASE_URL`; undefined
 * when neither is set (the cluster then starts its own). PostgreSQL only, checked before anything starts:
 * anything else would open as a SQLite file, which serves one api process, so the second api node would
 * fail only once the others were up, and an api node alone would share it with every auth node.
 */
export function clusterDatabaseUrlOf(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const [text, name] =
    flag !== undefined ? [flag, '--database'] : [env.DATABASE_URL || undefined, 'DATABASE_URL']
  if (text === undefined || isPostgresUrl(text)) return text
  // Only a URL's password can be told apart and hidden: other text is not repeated.
  const given = URL.canParse(text) ? `'${redactedUrl(text)}'` : 'a SQLite file'
  throw new Error(
    `Invalid ${name}: the cluster runs several processes on one database, which must be PostgreSQL (postgres://…), not ${given}`,
  )
}
