import { afterEach } from 'vitest'
import { type ClientOptions, WebSocket } from 'ws'
import {
  type RunningRelay,
  type StartRelayOptions,
  silentLogger,
  startRelay,
} from '../../../../services/relay/index.js'

/**
 * The relays a test file starts and the raw sockets it opens to them, all ended after each test.
 * `sockets` takes what the file opens itself, so that the caps under test count it until then.
 */
export function useRelays() {
  const relays: RunningRelay[] = []
  const sockets: WebSocket[] = []
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate()
    await Promise.all(relays.splice(0).map((relay) => relay.close()))
  })
  return {
    sockets,
    /** A relay on a free port, silent, with `options`. */
    async relayWith(options: Partial<StartRelayOptions> = {}): Promise<RunningRelay> {
      const relay = await startRelay({ port: 0, logger: silentLogger, ...options })
      relays.push(relay)
      return relay
    },
    /**
     * The HTTP status a WebSocket upgrade made with `options` gets, or 101 when it is accepted; an accepted
     * socket stays open until the test ends.
     */
    upgradeStatus(url: string, options: ClientOptions = {}): Promise<number> {
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(url, options)
        sockets.push(socket)
        socket.on('open', () => resolve(101))
        socket.on('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0)
          socket.terminate()
        })
        socket.on('error', (error) => {
          if (!error.message.includes('Unexpected server response')) reject(error)
        })
      })
    },
  }
}
