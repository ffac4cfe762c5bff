import { SiwxError } from './errors.js'

/** Where the sign-in happens: the message's `domain` (host and port) and `uri`. */
export type SiwxPlace = { domain: string; uri: string }

/**
 * The page's host as the domain and its origin and path as the uri (the query and fragment stay out of a
 * signed text); `place` overrides either, for pages served under another name or for non-browser hosts.
 */
export function pagePlace(place: Partial<SiwxPlace> = {}): SiwxPlace {
  const location = globalThis.location as Location | undefined
  const domain = place.domain ?? location?.host
  const uri = place.uri ?? (location ? `${location.origin}${location.pathname}` : undefined)
  if (!domain || !uri)
    throw new SiwxError('NO_PAGE_LOCATION', 'Sign-in needs the page location, or domain and uri options')
  return { domain, uri }
}
