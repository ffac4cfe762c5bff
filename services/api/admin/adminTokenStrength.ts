/** The fewest characters an admin token may have: 32 random hex digits are 128 bits. */
export const MIN_ADMIN_TOKEN_LENGTH = 32
/** The fewest different characters in it: `aaaa…` or `abab…` is long but guessed at once. */
export const MIN_ADMIN_TOKEN_DISTINCT = 5

/** An admin token the api will not start with, naming where it came from and the rule it breaks. */
export class WeakAdminTokenError extends Error {
  readonly code = 'WEAK_ADMIN_TOKEN'
  constructor(
    readonly source: string,
    readonly rule: string,
  ) {
    super(
      `${source}: the admin token ${rule}; use at least ${MIN_ADMIN_TOKEN_LENGTH} random characters (e.g. openssl rand -hex 32), or leave it unset for the api to make one`,
    )
    this.name = 'WeakAdminTokenError'
  }
}

/**
 * Refuses an admin token that can be guessed: every admin route and the analytics stats answer to it, and a
 * guess costs one request. A token with whitespace could never be sent as a bearer
 * token, so it is refused too rather than locking the operator out.
 */
export function checkAdminTokenStrength(token: string, source: string): void {
  if (token.length < MIN_ADMIN_TOKEN_LENGTH)
    throw new WeakAdminTokenError(
      source,
      `has ${token.length} characters, fewer than ${MIN_ADMIN_TOKEN_LENGTH}`,
    )
  if (/\s/.test(token)) throw new WeakAdminTokenError(source, 'holds whitespace')
  if (new Set(token).size < MIN_ADMIN_TOKEN_DISTINCT)
    throw new WeakAdminTokenError(source, `uses fewer than ${MIN_ADMIN_TOKEN_DISTINCT} different characters`)
}
