import { once } from 'node:events'
import type { Server } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { Duplex } from 'node:stream'
import { silentLogger } from '@pairwise/relay/core'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createSafeServer,
  HttpError,
  listen,
  refuseUpgrade,
  safeUpgrade,
} from '../../../services/kit/index.js'
import { upgradeRequest } from '../../security/support/rawExchange.js'

const options = { name: 'test', logger: silentLogger }
const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A server refusing every upgrade with 429; `refused` gets the server end of each refused socket. */
async function refusingServer(refused: Duplex[]): Promise<number> {
  const server = createSafeServer((_request, response) => void response.end(), options)
  servers.push(server)
  server.on(
    'upgrade',
    safeUpgrade((_request, socket) => {
      refused.push(socket)
      throw new HttpError(429, 'at most 1 connection per address')
    }, options),
  )
  await listen(server, 0, '127.0.0.1')
  return (server.address() as AddressInfo).port
}

describe('refused WebSocket upgrades', () => {
  it('close their connection once the answer is sent, though the client never ends its side', async () => {
    const refused: Duplex[] = []
    const port = await refusingServer(refused)
    const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    let answer = ''
    client.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1')
    })
    client.write(upgradeRequest(port))
    await once(client, 'end')
    expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/)
    // The server's end is gone, not left half-open for as long as the client keeps its side.
    await expect.poll(() => refused[0]?.destroyed, { timeout: 500 }).toBe(true)
    client.destroy()
  })

  it('cut a connection whose answer cannot be flushed after a short grace', async () => {
    // A socket whose client reads nothing: what is written to it is never taken.
    const unread = new Duplex({ read() {}, write() {} })
    refuseUpgrade(unread, 503, 'the relay is shutting down')
    expect(unread.destroyed).toBe(false)
    await expect.poll(() => unread.destroyed, { timeout: 3000 }).toBe(true)
  })
})
