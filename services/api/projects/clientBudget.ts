import { clientKey } from '../../kit/index.js'

/**
 * A client's share of its project's per-minute ceiling: a fifth (120 of the default 600), at least one.
 * Five clients must flood together to spend a project's budget; the ceiling is then only there to
 * protect the upstream.
 */
export const CLIENT_SHARE_OF_PROJECT_LIMIT = 5

/** Client-and-project counters held at once (about 100 bytes each); the oldest windows go first. */
export const DEFAULT_MAX_RATE_LIMITED_CLIENTS = 100_000

export function perClientLimit(projectLimit: number): number {
  return Math.max(1, Math.floor(projectLimit / CLIENT_SHARE_OF_PROJECT_LIMIT))
}

/** The key one client is counted under in one project. */
export function clientBudgetKey(projectId: string, client: string): string {
  return `${projectId} ${clientKey(client)}`
}
