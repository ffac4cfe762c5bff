/** Hosts a page under development runs on; they are allowed on any port (spec §5 origin check). */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** What one `*` of a pattern stands for: one or more DNS labels, or a port's digits; never a `/` or `:`. */
const wildcardPart = '[a-z0-9-]+(?:\\.[a-z0-9-]+)*'

/**
 * Whether the page origin `origin` may use the project: a loopback origin on any port, an origin listed
 * exactly, or one matching a wildcard pattern such as `https://*.example.com` (which `https://example.com`
 * itself does not match). Comparison ignores case and default ports, as browsers' origins do.
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  const page = parseOrigin(origin)
  if (!page) return false
  if ((page.protocol === 'http:' || page.protocol === 'https:') && loopbackHosts.has(page.hostname))
    return true
  return allowed.some((pattern) => matches(page.origin, pattern))
}

function matches(origin: string, pattern: string): boolean {
  const trimmed = pattern.trim().replace(/\/+$/, '').toLowerCase()
  if (!trimmed.includes('*')) return parseOrigin(trimmed)?.origin === origin
  const source = trimmed
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join(wildcardPart)
  return new RegExp(`^${source}$`).test(origin)
}

function parseOrigin(text: string): URL | undefined {
  try {
    const url = new URL(text)
    return url.origin === 'null' ? undefined : url
  } catch {
    return undefined
  }
}
