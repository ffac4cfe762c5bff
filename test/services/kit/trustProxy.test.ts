import { describe, expect, it } from 'vitest'
import { clientAddress, noTrustedProxies, parseTrustedProxies } from '../../../services/kit/index.js'

describe('trusted proxies (--trust-proxy)', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8 ::1')

  it('counts the TCP peer when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9')
    expect(clientAddress('127.0.0.1', '198.51.100.1', noTrustedProxies)).toBe('127.0.0.1')
  })

  it('reads the rightmost untrusted hop behind trusted proxies, so entries a client forged on the left are ignored', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1')
    expect(clientAddress('::ffff:127.0.0.1', '6.6.6.6, 198.51.100.1, 10.1.2.3', proxies)).toBe('198.51.100.1')
    expect(clientAddress('127.0.0.1', ['6.6.6.6', '198.51.100.2'], proxies)).toBe('198.51.100.2')
  })

  it('stops at the last trusted hop when a hop is not an address', () => {
    expect(clientAddress('127.0.0.1', 'evil, not-an-ip', proxies)).toBe('127.0.0.1')
    expect(clientAddress('::1', '', proxies)).toBe('::1')
  })

  it('maps an IPv4 peer seen through a dual-stack socket to one key', () => {
    expect(clientAddress('::ffff:203.0.113.9', undefined, proxies)).toBe('203.0.113.9')
  })

  it('refuses entries that are not addresses or CIDR ranges, naming them', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '1.2.3.4/x', '*'])
      expect(() => parseTrustedProxies(bad)).toThrow(`'${bad}' is not an IP address or CIDR range`)
    expect(parseTrustedProxies('').ranges).toEqual([])
  })
})
