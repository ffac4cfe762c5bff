import { createServer } from 'node:net'

/** A port the kernel just handed out on `host`; free at the moment it is returned. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port was assigned'))))
    })
  })
}

/** A free port whose next port is free too, for servers that listen on both (JSON-RPC and its PubSub). */
export async function freePortPair(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort(host)
    if (port < 65535 && !(await isPortTaken(port + 1, host))) return port
  }
  throw new Error('No free port with a free next port was found')
}

/** True when something already listens on `host:port`. */
export function isPortTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(true)
      else reject(error)
    })
    server.listen(port, host, () => server.close(() => resolve(false)))
  })
}

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError'
  constructor(
    readonly part: string,
    readonly host: string,
    readonly port: number,
    readonly envName?: string,
  ) {
    super(
      `The ${part} port ${host}:${port} is already in use.` +
        (envName ? ` Stop whatever listens there or choose another port with ${envName}.` : ''),
    )
  }
}
