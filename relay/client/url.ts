export type ConnectionUrlParams = {
  relayUrl: string
  auth: string
  projectId?: string
  userAgent: string
}

/**
 * The relay URL with the auth JWT, project id and user agent in its query, as the official clients
 * connect. The base is kept verbatim (no URL normalization): the JWT's `aud` must match it exactly.
 */
export function connectionUrl({ relayUrl, auth, projectId, userAgent }: ConnectionUrlParams): string {
  const queryStart = relayUrl.indexOf('?')
  const base = queryStart < 0 ? relayUrl : relayUrl.slice(0, queryStart)
  const query = new URLSearchParams(queryStart < 0 ? '' : relayUrl.slice(queryStart + 1))
  query.set('auth', auth)
  if (projectId !== undefined) query.set('projectId', projectId)
  query.set('ua', userAgent)
  return `${base}?${query.toString()}`
}
