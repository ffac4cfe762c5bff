import { readSecretFile } from '../kit/index.js'

/** Where the api's admin token came from, for the line the CLI prints (a given token is never printed). */
export type AdminTokenSource = { token?: string; from?: string }

const ENV = 'PAIRWISE_API_ADMIN_TOKEN'

/**
 * The admin token from `--admin-token-file` or `PAIRWISE_API_ADMIN_TOKEN`; neither leaves it to the api
 * to make one. `--admin-token` is refused: every local user reads a process's arguments (`ps`).
 */
export function adminTokenOf(
  flags: { 'admin-token'?: string; 'admin-token-file'?: string },
  env: NodeJS.ProcessEnv,
): AdminTokenSource {
  if (flags['admin-token'] !== undefined)
    throw new Error(
      `--admin-token would show the token in the process list; use --admin-token-file FILE or ${ENV}`,
    )
  const file = flags['admin-token-file']
  if (file === undefined) return env[ENV] ? { from: ENV } : {}
  let token: string
  try {
    token = readSecretFile(file)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    throw new Error(`--admin-token-file: ${code ? `cannot read ${file} (${code})` : message}`)
  }
  if (token === '' || /\s/.test(token))
    throw new Error(`--admin-token-file: ${file} is empty or holds more than one word`)
  return { token, from: file }
}

/**
 * The admin token as a printed line shows it: one the operator gave stays out of the logs (`from` where
 * it came); one the api made is printed, as nobody knows it otherwise.
 */
export function shownAdminToken(source: AdminTokenSource, token: string): string {
  return source.from === undefined ? token : `from ${source.from}`
}
