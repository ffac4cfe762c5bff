import { getPublicSuffix } from 'tldts'
import { parseOriginPattern } from './originMatcher.js'

/**
 * Whether `pattern` is a subdomain wildcard right under a public suffix (`https://*.co.uk`,
 * `https://*.vercel.app`): anyone can get a name there, so it admits strangers' sites. The list's private
 * section counts too: on vercel.app, pages.dev, ngrok-free.app or github.io every customer gets a
 * subdomain. A wildcard under a registrable name (`https://*.example.co.uk`, `https://*.app.pages.dev`) is
 * the operator's own. Kept apart from the origin matcher, which the frame's bundle carries without the list.
 */
export function wildcardUnderPublicSuffix(pattern: string): boolean {
  const parsed = parseOriginPattern(pattern)
  if (!parsed?.subdomains) return false
  return getPublicSuffix(parsed.host, { allowPrivateDomains: true }) === parsed.host
}
