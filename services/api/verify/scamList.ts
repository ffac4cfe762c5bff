import { z } from 'zod'
import { zodIssue } from '../../kit/index.js'
import type { ApiLogger } from '../http/types.js'
import { isOriginPattern, parseOriginPattern } from '../projects/originMatcher.js'
import { WatchedJsonFile } from '../wallets/watchedJsonFile.js'

/** Most patterns a scam list may hold. */
export const MAX_SCAM_PATTERNS = 10_000
const MAX_SCAM_FILE_BYTES = 1024 * 1024

const patterns = z
  .array(
    z.string().max(300).refine(isOriginPattern, 'must be an origin or a pattern like https://*.example.com'),
  )
  .max(MAX_SCAM_PATTERNS)

/**
 * A list as the hosts it names, as browsers write them (`[0:0::1]` is `[::1]`): each exactly, or each with
 * every subdomain under it. A lookup walks the host's own labels, never the list: lookups are public.
 */
type ScamHosts = { exact: Set<string>; under: Set<string> }

/** `host` as a URL names it; none for one no URL has (bad punycode, `xn--a`), which no page is served from. */
function canonicalHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

function parseHosts(json: unknown): ScamHosts {
  const parsed = patterns.safeParse(json)
  if (!parsed.success) throw new Error(zodIssue(parsed.error, 'list'))
  const hosts: ScamHosts = { exact: new Set(), under: new Set() }
  for (const text of parsed.data) {
    const pattern = parseOriginPattern(text)
    const host = pattern && canonicalHost(pattern.host)
    if (pattern && host !== undefined) (pattern.subdomains ? hosts.under : hosts.exact).add(host)
  }
  return hosts
}

/**
 * Whether `host` or a domain it is a subdomain of is listed. Any label counts as a subdomain, as a browser
 * serves it: `-drainer.evil.example` is a page of `*.evil.example` though no hostname rule admits it.
 */
function listed(host: string, hosts: ScamHosts): boolean {
  if (hosts.exact.has(host)) return true
  for (let dot = host.indexOf('.', 1); dot !== -1; dot = host.indexOf('.', dot + 1))
    if (hosts.under.has(host.slice(dot + 1))) return true
  return false
}

export type ScamListOptions = {
  /** Sites known to be scams (`https://evil.example`, `https://*.evil.example`), on any scheme and port. */
  scamOrigins?: readonly string[]
  /** A JSON array of such patterns the operator edits; re-read when it changes. */
  scamListFile?: string
}

/**
 * Whether an origin is a known scam: its host listed in the options or in the operator's file, in the same
 * pattern language as a project's allowed origins but on any scheme and port (a scam site moved to another
 * port is the same site). An invalid pattern is refused at start; an invalid edit of the
 * file keeps the last good list.
 */
export class ScamList {
  readonly #fixed: ScamHosts
  readonly #file: WatchedJsonFile<ScamHosts> | undefined

  constructor(options: ScamListOptions & { logger: ApiLogger }) {
    this.#fixed = parseHosts(options.scamOrigins ?? [])
    this.#file =
      options.scamListFile === undefined
        ? undefined
        : new WatchedJsonFile({
            path: options.scamListFile,
            parse: parseHosts,
            logger: options.logger,
            maxBytes: MAX_SCAM_FILE_BYTES,
          })
  }

  /** Whether `origin` (a page's origin, as the verify frame's query validated it) is a listed site's. */
  async isScam(origin: string): Promise<boolean> {
    const host = new URL(origin).hostname
    if (listed(host, this.#fixed)) return true
    return this.#file !== undefined && listed(host, await this.#file.current())
  }
}
