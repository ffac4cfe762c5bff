import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { clientAddress, noTrustedProxies, type TrustedProxies } from '../../kit/index.js'
import type { ApiRequest } from './types.js'

declare module 'hono' {
  interface ContextVariableMap {
    /** The client's address, set once per request by `clientAddressOf`'s middleware. */
    clientAddress: string
  }
}

type NodeRequest = Partial<Pick<IncomingMessage, 'headers'>> & { socket?: { remoteAddress?: string } }

/**
 * The client's address of a request Node received: the TCP peer, or, when that peer is one of the
 * `trustProxy` ranges, the first untrusted `X-Forwarded-For` hop (relay/server/http/trustProxy.ts).
 * A request with no socket (Hono's `app.request()` in tests) is the one client 'unknown'.
 */
export function nodeClientAddress(request: NodeRequest | undefined, trustProxy: TrustedProxies): string {
  return clientAddress(request?.socket?.remoteAddress, request?.headers?.['x-forwarded-for'], trustProxy)
}

/** Sets `clientAddress` on every Hono request, from the Node request @hono/node-server hands in as `env.incoming`. */
export function clientAddressMiddleware(trustProxy: TrustedProxies): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', nodeClientAddress(incomingOf(c), trustProxy))
    await next()
  }
}

function incomingOf(c: Context): NodeRequest | undefined {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined
  const { incoming } = env
  return typeof incoming === 'object' && incoming !== null ? (incoming as NodeRequest) : undefined
}

/**
 * A Hono route's request as an ApiRequest, the shape the project guard and the direct routes read:
 * `apiRequest(c).client()` is the same address a direct route gets from `request.client()`.
 */
export function apiRequest(c: Context): ApiRequest {
  return new HonoApiRequest(c)
}

class HonoApiRequest implements ApiRequest {
  constructor(private readonly c: Context) {}

  query(): Record<string, string>
  query(name: string): string | undefined
  query(name?: string): Record<string, string> | string | undefined {
    return name === undefined ? this.c.req.query() : this.c.req.query(name)
  }

  header(name: string): string | undefined {
    return this.c.req.header(name)
  }

  text(): Promise<string> {
    return this.c.req.text()
  }

  client(): string {
    // Routes mounted without the api app's middleware (a module's own tests) trust no proxy.
    return this.c.get('clientAddress') ?? nodeClientAddress(incomingOf(this.c), noTrustedProxies)
  }
}
