import { BlockList, isIP } from 'node:net'

/**
 * The proxies whose `X-Forwarded-For` a server believes: an allowlist of CIDR ranges (or single
 * addresses). Empty means "believe nobody", so a client that sets the header itself changes nothing.
 */
export type TrustedProxies = {
  /** The ranges as given, for logs and the stack file. */
  readonly ranges: readonly string[]
  has(address: string): boolean
}

/** Trust nobody: every per-IP rule counts the TCP peer. */
export const noTrustedProxies: TrustedProxies = { ranges: [], has: () => false }

const mappedV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i

/** `::ffff:1.2.3.4` is the IPv4 peer a dual-stack socket reports; one client must be one key, whichever way it came. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim()
  const mapped = mappedV4.exec(trimmed)
  return mapped ? (mapped[1] as string) : trimmed.toLowerCase()
}

/**
 * Parses `--trust-proxy` / `PAIRWISE_TRUST_PROXY` values: CIDRs or addresses, separated by commas or
 * spaces. Anything else throws, naming the bad entry, so a typo never silently trusts nobody (or everybody).
 */
export function parseTrustedProxies(values: string | readonly string[] | undefined): TrustedProxies {
  const entries = (typeof values === 'string' ? [values] : (values ?? []))
    .flatMap((value) => value.split(/[\s,]+/))
    .filter((entry) => entry.length > 0)
  if (entries.length === 0) return noTrustedProxies
  const list = new BlockList()
  for (const entry of entries) addRange(list, entry)
  return {
    ranges: entries,
    has(address) {
      const normal = normalizeAddress(address)
      const family = isIP(normal)
      return family !== 0 && list.check(normal, family === 4 ? 'ipv4' : 'ipv6')
    },
  }
}

function addRange(list: BlockList, entry: string): void {
  const [address = '', prefixText, extra] = entry.split('/')
  const family = isIP(address)
  const maxPrefix = family === 4 ? 32 : 128
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText)
  if (family === 0 || extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? '0') || prefix > maxPrefix)
    throw new Error(`--trust-proxy: '${entry}' is not an IP address or CIDR range`)
  list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address: the TCP peer, unless that peer is a trusted proxy, in which case the
 * `X-Forwarded-For` chain is walked from the right (the hop our proxy appended) past every trusted hop;
 * the first untrusted address is the client. Entries a client wrote to the left of it are never read,
 * so a forged header gains nothing. A malformed hop stops the walk at the last address we could trust.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
): string {
  let client = normalizeAddress(peer ?? 'unknown')
  if (!trusted.has(client) || forwardedFor === undefined) return client
  const hops = (typeof forwardedFor === 'string' ? [forwardedFor] : forwardedFor)
    .flatMap((header) => header.split(','))
    .map(normalizeAddress)
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] as string
    if (isIP(hop) === 0) return client
    client = hop
    if (!trusted.has(hop)) return client
  }
  return client
}

/** The env variable every service reads, beside its `--trust-proxy` flag. */
export const TRUST_PROXY_ENV = 'PAIRWISE_TRUST_PROXY'
