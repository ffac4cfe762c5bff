import type { Server } from 'node:http'

/** Starts `server` on `host:port`; rejects with the bind's error (a taken port) instead of throwing later. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}
