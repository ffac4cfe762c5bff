import { createServer, type Socket, connect as tcpConnect } from 'node:net'

export type SilentProxy = {
  /** `url` with its host and port swapped for the proxy's. */
  url: string
  /**
   * From now on nothing crosses either way and nothing closes: what a frozen host, or a link or proxy that
   * swallows packets, looks like to both ends (each side's TCP still answers, so keepalives see nothing).
   */
  silence(): void
  /** Drops every connection (the link comes back, and finds them gone) and stops listening. */
  close(): Promise<void>
}

/** A TCP proxy in front of the PostgreSQL at `url`, for tests of a connection that dies silently. */
export async function silentProxy(url: string): Promise<SilentProxy> {
  const target = new URL(url)
  const sockets = new Set<Socket>()
  let silent = false
  const keep = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
  }
  const server = createServer((client) => {
    keep(client)
    if (silent) return
    const upstream = tcpConnect(Number(target.port), target.hostname)
    keep(upstream)
    client.on('data', (chunk) => silent || upstream.write(chunk))
    upstream.on('data', (chunk) => silent || client.write(chunk))
    client.on('end', () => silent || upstream.end())
    upstream.on('end', () => silent || client.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port')
  const proxied = new URL(url)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(address.port)
  return {
    url: proxied.toString(),
    silence() {
      silent = true
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
