import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { clientKey } from './clientKey.js'
import { rawResponse } from './rawAnswer.js'
import { normalizeAddress, type TrustedProxies } from './trustProxy.js'

/**
 * Open TCP sockets one client may hold on one server. Timeouts alone let a client keep as many as it
 * opens (a request every few seconds keeps each alive), and the process's file descriptors are shared by
 * everyone; a browser opens six per origin, so this leaves room for many people behind one NAT.
 */
export const DEFAULT_SOCKETS_PER_CLIENT = 128

const refusal = rawResponse(429, 'Too many connections from this client at once')

/**
 * Counts each socket of `server` against its peer (an IPv6 peer by its /64) from accept to close, and
 * answers one past `max` with a 429 and closes it before the HTTP parser reads a byte of it, so nothing
 * it asks is done. A trusted proxy's sockets are not counted: every client behind it arrives on them,
 * and the proxy caps each client's own connections (the cluster's haproxy does, per source address).
 */
export function capSocketsPerClient(server: Server, max: number, trusted: TrustedProxies): void {
  const open = new Map<string, number>()
  server.prependListener('connection', (socket: Socket) => {
    const peer = normalizeAddress(socket.remoteAddress ?? '')
    if (trusted.has(peer)) return
    const key = clientKey(peer)
    const count = (open.get(key) ?? 0) + 1
    if (count > max) {
      // A fresh socket's first write goes to the kernel at once, so it is sent before the close.
      socket.write(refusal)
      socket.destroy()
      return
    }
    open.set(key, count)
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1
      if (left === 0) open.delete(key)
      else open.set(key, left)
    })
  })
}
