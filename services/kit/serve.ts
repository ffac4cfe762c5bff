import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { listenCheckingHost } from './hostCheck.js'
import { closeServer, listen, serverUrl } from './listen.js'
import { checkRequestTarget } from './requestTarget.js'
import { createSafeServer, type RequestHandler, type SafeServerOptions } from './safeServer.js'

export type ServeOptions = SafeServerOptions & {
  host: string
  /** 0 lets the OS pick; read it back from the result. */
  port: number
  /**
   * The names the server answers to besides `localhost` and IP literals (its listen host, a public name):
   * given, any other `Host` gets 421 (see `allowedHosts`), against DNS rebinding of a local server.
   */
  names?: readonly string[]
  /** What requests under way get to finish on `close()`; default 0, every connection is cut at once. */
  drainMs?: number
}

export type Served = {
  readonly server: Server
  /** The bound port (the one the OS picked for port 0). */
  readonly port: number
  /** `http://host:port`, an IPv6 host in brackets. */
  readonly url: string
  /** Stops accepting, lets requests under way drain for `drainMs`, then cuts the rest; once. */
  close(): Promise<void>
}

/**
 * A safe server (see `createSafeServer`) listening on `host:port`, whose requests with a malformed target
 * are refused with 400 (and, with `names`, a foreign `Host` with 421) before `handler` sees them.
 */
export async function serve(handler: RequestHandler, options: ServeOptions): Promise<Served> {
  const { host, port: wanted, names } = options
  let server: Server
  if (names === undefined) {
    server = createSafeServer((request, response) => {
      checkRequestTarget(request)
      return handler(request, response)
    }, options)
    await listen(server, wanted, host)
  } else server = await listenCheckingHost(handler, options, { host, port: wanted, names })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    server,
    port,
    url: serverUrl(host, port),
    close() {
      closing ??= closeServer(server, options.drainMs)
      return closing
    },
  }
}
