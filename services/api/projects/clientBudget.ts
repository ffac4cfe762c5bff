import { isIPv6 } from 'node:net'

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

/**
 * The key one client is counted under. An IPv6 client counts by its /64: one host is given a whole /64,
 * so counting single addresses would give it billions of budgets.
 */
export function clientKey(client: string): string {
  return isIPv6(client) ? ipv6Prefix64(client) : client
}

/** The key one client is counted under in one project. */
export function clientBudgetKey(projectId: string, client: string): string {
  return `${projectId} ${clientKey(client)}`
}

function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  // An embedded IPv4 tail (::ffff:1.2.3.4) takes two groups; only the first four are kept anyway.
  const groups = right.length + left.length + (right.at(-1)?.includes('.') ? 1 : 0)
  const full = [...left, ...Array<string>(tail === undefined ? 0 : 8 - groups).fill('0'), ...right]
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
