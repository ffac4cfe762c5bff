type OriginParts = { scheme: string; host: string; port: string }
type OriginPattern = { scheme: string; host: string; subdomains: boolean; port: string }

const defaultPorts: Record<string, string> = { http: '80', https: '443' }
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const hostName = `${label}(?:\\.${label})*`
const ipv6 = '\\[[0-9a-f:.]+\\]'
const patternShape = new RegExp(`^([a-z][a-z0-9+.-]*)://(\\*\\.)?(${hostName}|${ipv6})(?::(\\d{1,5}|\\*))?$`)
const subdomainPrefix = new RegExp(`^${hostName}$`)

/**
 * A pattern is `scheme://host[:port]` (an exact origin), with `*.` before the host for one or more
 * subdomain labels, and `:*` for any port. `https://*.example.com` admits `https://a.b.example.com` but
 * not `https://example.com`, `http://a.example.com`, `https://a.example.com:8443` or
 * `https://evilexample.com`.
 */
export function parseOriginPattern(pattern: string): OriginPattern | undefined {
  const match = patternShape.exec(pattern.toLowerCase())
  if (!match) return undefined
  const [, scheme = '', star, host = '', port = ''] = match
  if (port !== '*' && port !== '' && Number(port) > 65535) return undefined
  // A bare `*.` before an IP address or a single label (`*.com`) would admit far too much.
  if (star && (host.startsWith('[') || !host.includes('.') || /^[\d.]+$/.test(host))) return undefined
  return { scheme, host, subdomains: Boolean(star), port: port === defaultPorts[scheme] ? '' : port }
}

export const isOriginPattern = (pattern: string): boolean => parseOriginPattern(pattern) !== undefined

/** The parts of an Origin header in its canonical form; anything else (`null`, a path, userinfo) is none. */
function parseOrigin(origin: string): OriginParts | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  if (url.origin !== origin) return undefined
  return { scheme: url.protocol.slice(0, -1), host: url.hostname, port: url.port }
}

function matches(origin: OriginParts, pattern: OriginPattern): boolean {
  if (origin.scheme !== pattern.scheme) return false
  if (pattern.port !== '*' && origin.port !== pattern.port) return false
  if (!pattern.subdomains) return origin.host === pattern.host
  const suffix = `.${pattern.host}`
  return origin.host.endsWith(suffix) && subdomainPrefix.test(origin.host.slice(0, -suffix.length))
}

/** Whether `origin` (a request's Origin header) is admitted by any of `patterns`; bad patterns admit nothing. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  const parts = parseOrigin(origin)
  if (!parts) return false
  return patterns.some((text) => {
    const pattern = parseOriginPattern(text)
    return pattern !== undefined && matches(parts, pattern)
  })
}
