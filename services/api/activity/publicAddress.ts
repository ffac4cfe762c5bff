import { BlockList, isIP } from 'node:net'

/**
 * IPv4 ranges that are not the public internet (IANA's special-purpose registry): "this network" with
 * 0.0.0.0, private 10/8, 172.16/12 and 192.168/16, carrier NAT 100.64/10, loopback 127/8, link-local
 * 169.254/16 (cloud metadata), protocol assignments, documentation, 6to4 relay, benchmarking,
 * multicast and the reserved block up to 255.255.255.255.
 */
const reservedIpv4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

/**
 * IPv6: only global unicast (2000::/3) is public, which leaves out ::, ::1, IPv4-mapped ::ffff:0:0/96,
 * NAT64 64:ff9b::/96, unique-local fc00::/7, link-local fe80::/10 and multicast. Inside it, protocol
 * assignments (Teredo among them), 6to4 (which embeds any IPv4 address) and documentation are left out too.
 */
const reservedGlobalIpv6: readonly (readonly [string, number])[] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
]

/** Tells addresses on the public internet from loopback, private and reserved ones. */
export class PublicAddresses {
  private readonly reservedV4 = new BlockList()
  private readonly globalV6 = new BlockList()
  private readonly reservedV6 = new BlockList()

  constructor() {
    for (const [network, prefix] of reservedIpv4) this.reservedV4.addSubnet(network, prefix, 'ipv4')
    this.globalV6.addSubnet('2000::', 3, 'ipv6')
    for (const [network, prefix] of reservedGlobalIpv6) this.reservedV6.addSubnet(network, prefix, 'ipv6')
  }

  /** Whether `address` (an IP literal, IPv6 with or without brackets) is public; false for anything else. */
  isPublic(address: string): boolean {
    const bare = address.replace(/^\[(.*)\]$/, '$1')
    switch (isIP(bare)) {
      case 4:
        return !this.reservedV4.check(bare, 'ipv4')
      case 6:
        return this.globalV6.check(bare, 'ipv6') && !this.reservedV6.check(bare, 'ipv6')
      default:
        return false
    }
  }
}
