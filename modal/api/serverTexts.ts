/** The spec's §8 alerts an api failure maps to; each message is the text the user sees. */
export const apiFailures = {
  INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
  SESSION_EXPIRED: 'Session Expired',
  RATE_LIMITED: 'Rate Limited',
  SERVER_ERROR: 'Server Error',
} as const

export type ApiFailure = keyof typeof apiFailures

/** The server texts the spec maps to an alert (§8 'Mapped server texts'). */
const mappedServerTexts = new Map<string, ApiFailure>([
  ['Unauthorized: origin not allowed', 'INVALID_APP_CONFIGURATION'],
  ['Unauthorized: invalid key', 'INVALID_APP_CONFIGURATION'],
  ['JWT validation error: JWT Token is not yet valid', 'SESSION_EXPIRED'],
])

/** The alert a server's own words map to (ERR-14..17): the api's, or the auth service's passed on by the frame. */
export function serverTextFailure(text: string): ApiFailure | undefined {
  return mappedServerTexts.get(text)
}
