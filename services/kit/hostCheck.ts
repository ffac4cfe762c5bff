import type { IncomingMessage, Server } from 'node:http'
import { type AddressInfo, isIP } from 'node:net'
import { HttpError } from './httpError.js'
import { listen } from './listen.js'
import { checkRequestTarget } from './requestTarget.js'
import { createSafeServer, type RequestHandler, type SafeServerOptions } from './safeServer.js'

/** Whether a request's `Host` header names this server. */
export type HostCheck = (hostHeader: string | undefined) => boolean

type HostPort = { hostname: string; port: number | undefined }

// `[v6]` or `[v6]:port`, and `name` or `name:port`; nothing else is a Host header (RFC 9110 §7.2).
const bracketedHost = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i
const namedHost = /^([a-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/i

/** The ports a browser leaves out of `Host`, and a proxy may put back in. */
const DEFAULT_PORTS = new Set([80, 443])

function parseHost(value: string): HostPort | undefined {
  const text = value.trim()
  const match = bracketedHost.exec(text) ?? namedHost.exec(text)
  if (!match) return undefined
  const hostname = (match[1] as string).toLowerCase().replace(/\.$/, '')
  const port = match[2] === undefined ? undefined : Number(match[2])
  if (hostname === '' || (port !== undefined && port > 65_535)) return undefined
  return { hostname, port }
}

/**
 * A check of the `Host` header against DNS rebinding: a page on `attacker.example` whose name is then
 * pointed at 127.0.0.1 reaches a local server with `Host: attacker.example`, so only names this server
 * answers to pass. Those are the given `names` (its listen host, any public name; `name:port` for a
 * name reached through a proxy on another port), `localhost` (browsers resolve it to loopback
 * themselves), and any IP literal: a page at an IP address has no DNS name to re-point, so it cannot
 * be rebound. A bare name passes with no port, a default port (80, 443) or `port`, the one it listens on.
 * A request without `Host` passes: browsers always send one, and other clients can write any.
 */
export function allowedHosts(names: readonly string[], port: number): HostCheck {
  const bare = new Set<string>(['localhost'])
  const withPort = new Set<string>()
  for (const name of names) {
    const parsed = parseHost(
      name.includes(':') && !name.startsWith('[') && isIP(name) === 6 ? `[${name}]` : name,
    )
    if (!parsed) throw new Error(`allowedHosts: '${name}' is not a host name`)
    if (parsed.port === undefined) bare.add(parsed.hostname)
    else withPort.add(`${parsed.hostname}:${parsed.port}`)
  }
  const named = (hostHeader: string): boolean => {
    const parsed = parseHost(hostHeader)
    if (!parsed) return false
    if (parsed.port !== undefined && withPort.has(`${parsed.hostname}:${parsed.port}`)) return true
    const portMatches = parsed.port === undefined || parsed.port === port || DEFAULT_PORTS.has(parsed.port)
    return portMatches && (bare.has(parsed.hostname) || isIP(parsed.hostname) !== 0)
  }
  // Nearly every request names the server as the one before it did: that Host is not parsed again.
  let lastNamed: string | undefined
  return (hostHeader) => {
    if (hostHeader === undefined || hostHeader === lastNamed) return true
    if (!named(hostHeader)) return false
    lastNamed = hostHeader
    return true
  }
}

/** Refuses a request whose `Host` the check does not pass with 421 Misdirected Request. */
export function checkHost(request: Pick<IncomingMessage, 'headers'>, check: HostCheck): void {
  if (!check(request.headers.host))
    throw new HttpError(421, 'Misdirected Request: this server does not answer to that Host')
}

/**
 * A `Host` check for a server not listening yet, which learns the port once `listen` bound it: `check`
 * refuses a request (or an upgrade) naming another host with 421, `listen` binds `server` and then takes its
 * port. Names it cannot read fail here, before anything is bound.
 */
export function boundHostCheck(names: readonly string[]): {
  check(request: IncomingMessage): void
  listen(server: Server, port: number, host: string): Promise<void>
} {
  let hostCheck = allowedHosts(names, 0)
  return {
    check: (request) => checkHost(request, hostCheck),
    async listen(server, port, host) {
      await listen(server, port, host)
      hostCheck = allowedHosts(names, (server.address() as AddressInfo).port)
    },
  }
}

/**
 * A safe server on `host:port` that refuses a request whose target is malformed (400) or whose `Host` is
 * not one of `names` (421, see `allowedHosts`) before `handler` sees it. The check needs the bound port,
 * known once listening (0 lets the OS pick); no request can arrive before that.
 */
export async function listenCheckingHost(
  handler: RequestHandler,
  options: SafeServerOptions,
  at: { host: string; port: number; names: readonly string[] },
): Promise<Server> {
  const hosts = boundHostCheck(at.names)
  const server = createSafeServer((request, response) => {
    checkRequestTarget(request)
    hosts.check(request)
    return handler(request, response)
  }, options)
  await hosts.listen(server, at.port, at.host)
  return server
}
