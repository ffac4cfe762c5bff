import { z } from 'zod'
import { zodIssue } from '../../kit/index.js'
import type { ApiLogger } from '../http/types.js'
import { hostListed, isOriginPattern } from '../projects/originMatcher.js'
import { WatchedJsonFile } from '../wallets/watchedJsonFile.js'

/** Most patterns a scam list may hold. */
export const MAX_SCAM_PATTERNS = 10_000
const MAX_SCAM_FILE_BYTES = 1024 * 1024

const patterns = z
  .array(
    z.string().max(300).refine(isOriginPattern, 'must be an origin or a pattern like https://*.example.com'),
  )
  .max(MAX_SCAM_PATTERNS)

function parsePatterns(json: unknown): string[] {
  const parsed = patterns.safeParse(json)
  if (parsed.success) return parsed.data
  throw new Error(zodIssue(parsed.error, 'list'))
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
  readonly #fixed: string[]
  readonly #file: WatchedJsonFile<string[]> | undefined

  constructor(options: ScamListOptions & { logger: ApiLogger }) {
    this.#fixed = parsePatterns(options.scamOrigins ?? [])
    this.#file =
      options.scamListFile === undefined
        ? undefined
        : new WatchedJsonFile({
            path: options.scamListFile,
            parse: parsePatterns,
            logger: options.logger,
            maxBytes: MAX_SCAM_FILE_BYTES,
          })
  }

  async isScam(origin: string): Promise<boolean> {
    if (hostListed(origin, this.#fixed)) return true
    return this.#file !== undefined && hostListed(origin, await this.#file.current())
  }
}
