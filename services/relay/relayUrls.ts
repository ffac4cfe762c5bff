import { networkInterfaces } from 'node:os'
import { serverUrl } from '../kit/listen.js'

const wildcardHosts = new Set(['', '0.0.0.0', '::'])
const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost'])

/** The URL to give clients for a relay listening on `host:port`. */
export function relayUrl(host: string, port: number): string {
  if (wildcardHosts.has(host)) return `ws://127.0.0.1:${port}`
  return serverUrl(host, port, 'ws')
}

/**
 * Every URL a client could have been told to use for this relay, for the JWT audience check: a
 * wildcard bind is reachable on every interface, a loopback bind under each loopback name; `wss://`
 * too, for a TLS-terminating proxy on the same port.
 */
export function ownRelayUrls(host: string, port: number): string[] {
  const hosts = wildcardHosts.has(host)
    ? [
        'localhost',
        ...Object.values(networkInterfaces()).flatMap((entries) =>
          (entries ?? []).map((entry) => entry.address),
        ),
      ]
    : loopbackHosts.has(host)
      ? [...loopbackHosts]
      : [host]
  return hosts.flatMap((name) => [serverUrl(name, port, 'ws'), serverUrl(name, port, 'wss')])
}
