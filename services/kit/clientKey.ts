import { isIPv6 } from 'node:net'

/**
 * The key one client is counted under. An IPv6 client counts by its /64: one host is given a whole /64,
 * so counting single addresses would give it billions of budgets.
 */
export function clientKey(client: string): string {
  // Every IPv6 address has a colon; the IPv4 clients most requests come from skip isIPv6's regular expression.
  return client.includes(':') && isIPv6(client) ? ipv6Prefix64(client) : client
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
