import { describeIssues } from '@pairwise/common'
import * as v from '@pairwise/common/schema'
import type { KeyValueStorage, ReportProblem } from '@pairwise/storage'
import { MAX_LINK_MODE_APPS, MAX_METADATA_URL_LENGTH } from '../limits.js'

const StoredAppsSchema = v.array(v.string().check(v.minLength(1), v.maxLength(MAX_METADATA_URL_LENGTH)))

export type LinkModeAppsOptions = { storage: KeyValueStorage; storageKey: string; onProblem: ReportProblem }

/**
 * Universal links of the peers known to take link mode, as the official core's `linkModeSupportedApps`:
 * learnt from a peer that said so in its own answer, kept across restarts, the oldest dropped past the cap.
 */
export class LinkModeApps {
  readonly #options: LinkModeAppsOptions
  #links: string[] = []

  constructor(options: LinkModeAppsOptions) {
    this.#options = options
  }

  async init(): Promise<void> {
    const { storage, storageKey, onProblem } = this.#options
    const stored = await storage.getItem(storageKey)
    if (stored === undefined) return
    const parsed = StoredAppsSchema.safeParse(stored)
    if (parsed.success) this.#links = parsed.data.slice(-MAX_LINK_MODE_APPS)
    else onProblem({ key: storageKey, reason: describeIssues(parsed.error) })
  }

  has(universalLink: string): boolean {
    return this.#links.includes(universalLink)
  }

  async add(universalLink: string): Promise<void> {
    if (this.has(universalLink)) return
    this.#links = [...this.#links, universalLink].slice(-MAX_LINK_MODE_APPS)
    await this.#options.storage.setItem(this.#options.storageKey, this.#links)
  }
}
