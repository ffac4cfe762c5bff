import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { startPostgres } from '../../../services/cluster/postgresServer.js'
import { startRedis } from '../../../services/cluster/redisServer.js'
import { answersBelow500, startSupervised } from '../../../services/cluster/supervised.js'
import { listen } from '../../../services/kit/index.js'
import { freePort } from '../../support/ports.js'

// Another local user who takes a port of the cluster between its check and the bind answers in the
// server's stead: what the cluster then sends there (a password, every client's requests through haproxy)
// goes to that user. A server is believed started only once its own processes hold the port.

const scratch = mkdtempSync(join(tmpdir(), 'pairwise-squatter-'))
const squatters: Server[] = []
const connections = new Set<Socket>()
afterEach(async () => {
  for (const socket of connections) socket.destroy()
  await Promise.all(squatters.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** `server` listening on `port` of 127.0.0.1 as another user's would; its connections are cut after the test. */
async function squat(server: Server, port: number): Promise<void> {
  squatters.push(server)
  server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.on('error', () => {})
  })
  await listen(server, port, '127.0.0.1')
}

/** AuthenticationCleartextPassword: PostgreSQL's server asking the client for its password as it is. */
const cleartextPlease = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])

/** A squatter speaking PostgreSQL far enough to be sent the password; it keeps every byte it is sent. */
async function fakePostgres(port: number): Promise<() => string> {
  let received = ''
  await squat(
    createServer((socket) => {
      let startup = true
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1')
        if (startup) socket.write(cleartextPlease)
        else socket.destroy()
        startup = false
      })
    }),
    port,
  )
  return () => received
}

describe('a port another process took before the cluster bound it', () => {
  it('fails the throwaway Postgres start without sending its password to the squatter', async () => {
    const port = await freePort()
    const received = await fakePostgres(port)
    await expect(startPostgres({ port, timeoutMs: 20_000 })).rejects.toThrow(/postgres on 127\.0\.0\.1/)
    expect(received()).not.toMatch(/[0-9a-f]{64}/)
  }, 40_000)

  it('fails the throwaway Redis start instead of handing the squatter its URL', async () => {
    const port = await freePort()
    await squat(createServer(), port)
    await expect(startRedis({ port, timeoutMs: 5_000 })).rejects.toThrow(/redis-server on 127\.0\.0\.1/)
  }, 20_000)

  it('does not take a squatter answering a node’s /health for the node', async () => {
    const port = await freePort()
    await squat(
      createHttpServer((_request, response) => response.end('ok')),
      port,
    )
    const node = startSupervised({
      name: 'api-1',
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      port,
      ready: () => answersBelow500(`http://127.0.0.1:${port}/health`),
      logFile: join(scratch, 'api-1.log'),
      timeoutMs: 2_000,
    })
    await expect(node).rejects.toThrow(/^api-1 did not start: not ready/)
  }, 20_000)
})
