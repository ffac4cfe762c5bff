import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { clientAddress, type TrustedProxies } from '../kit/index.js'

/**
 * The caller's IP for every per-IP rule and what the mails show: Node's socket peer, or the client a
 * trusted proxy forwarded for (`ctx.trustProxy`); 'unknown' outside a Node server (`app.request` in tests).
 */
export function clientIp(ctx: { trustProxy: TrustedProxies }, c: Context): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    peer = undefined
  }
  return clientAddress(peer, c.req.header('x-forwarded-for'), ctx.trustProxy)
}
