import type { Server } from 'node:http'
import type { Server as NetServer } from 'node:net'

/**
 * Starts `server` (HTTP, or any TCP server such as SMTP's) on `host:port`; rejects with the bind's error
 * (a taken port) instead of throwing later.
 */
export function listen(server: NetServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** `host` as a URL writes it: an IPv6 address in brackets (`[::1]`), anything else as it is. */
export function hostInUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/** The URL of a server listening on `host:port`: `http://127.0.0.1:8080`, `ws://[::1]:8787`. */
export function serverUrl(host: string, port: number, scheme = 'http'): string {
  return `${scheme}://${hostInUrl(host)}:${port}`
}

/**
 * Stops accepting and resolves once the server is closed. Requests under way get `drainMs` to finish
 * (idle keep-alive sockets close as soon as they are idle); after that, or at once by default, every connection is cut.
 * A server not listening (never started, or closed already) resolves at once, so a failed start can
 * close whatever it made.
 */
export function closeServer(server: Server, drainMs = 0): Promise<void> {
  if (!server.listening) return Promise.resolve()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  if (drainMs <= 0) {
    server.closeAllConnections()
    return closed
  }
  // A keep-alive socket whose answer is sent stays open after close(): each one that goes idle is ended.
  server.closeIdleConnections()
  const idle = setInterval(() => server.closeIdleConnections(), 50)
  const cut = setTimeout(() => server.closeAllConnections(), drainMs)
  return closed.finally(() => {
    clearInterval(idle)
    clearTimeout(cut)
  })
}
