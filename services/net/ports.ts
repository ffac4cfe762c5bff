import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'

/** Where the ephemeral range starts when the system does not say (IANA's, used by macOS and Windows). */
const ianaEphemeralStart = 49152
/** How many ports below the ephemeral range free ports are drawn from. */
const drawSpan = 16384
/** Draws per port before giving up: each draw that hits a taken port costs one more. */
const maxDraws = 200

/**
 * The first port the kernel may give an outgoing connection. Free ports are drawn below it: a port drawn
 * from that range could be taken by any connection on the machine between the draw and the listen, and a
 * connected socket's port cannot be listened on.
 */
function ephemeralStart(): number {
  try {
    const start = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    )
    return Number.isInteger(start) && start > 1024 ? start : ianaEphemeralStart
  } catch {
    return ianaEphemeralStart
  }
}

function listenOn(port: number, host: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(undefined)
      else reject(error)
    })
    server.listen(port, host, () => resolve(server))
  })
}

const closeAll = (servers: Server[]) =>
  Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))

/**
 * Free ports on `host`, one per entry of `widths`: each the first of `width` consecutive free ports, the
 * runs distinct from each other. Every port is held while the rest are drawn, so one call never answers a
 * port twice; all are free again when it returns.
 */
export async function freePortRuns(widths: readonly number[], host = '127.0.0.1'): Promise<number[]> {
  const top = ephemeralStart()
  const bottom = Math.max(1024, top - drawSpan)
  const held: Server[] = []
  const firsts: number[] = []
  try {
    for (const width of widths) {
      let draws = 0
      for (;;) {
        if (++draws > maxDraws) throw new Error(`No ${width} consecutive free ports were found on ${host}`)
        const first = bottom + Math.floor(Math.random() * (top - bottom - width + 1))
        const run: Server[] = []
        for (let port = first; port < first + width; port++) {
          const server = await listenOn(port, host)
          if (!server) break
          run.push(server)
        }
        held.push(...run)
        if (run.length === width) {
          firsts.push(first)
          break
        }
      }
    }
  } finally {
    await closeAll(held)
  }
  return firsts
}

/** A free port on `host`, outside the range outgoing connections take theirs from. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [port] = await freePortRuns([1], host)
  return port as number
}

/** A free port whose next port is free too, for servers that listen on both (JSON-RPC and its PubSub). */
export async function freePortPair(host = '127.0.0.1'): Promise<number> {
  const [port] = await freePortRuns([2], host)
  return port as number
}

/** True when something already listens on `host:port`. */
export async function isPortTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
  const server = await listenOn(port, host)
  if (server) await closeAll([server])
  return !server
}

/** `setting`: where the operator chooses that port (a flag, an env variable, or both), named in the message. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError'
  constructor(
    readonly part: string,
    readonly host: string,
    readonly port: number,
    readonly setting?: string,
  ) {
    super(
      `The ${part} port ${host}:${port} is already in use.` +
        (setting ? ` Stop whatever listens there or choose another port with ${setting}.` : ''),
    )
  }
}
