import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../../services/api/app.js'
import { ApiChains, localApiChain } from '../../../../services/api/chains/index.js'
import { migrate, openDatabase } from '../../../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../../../services/api/projects/index.js'
import { rpcProxyRoutes } from '../../../../services/api/rpcProxy/index.js'
import { parseTrustedProxies } from '../../../../services/kit/index.js'

const MiB = 1024 * 1024
/** The result of every call: its answer is just under the upstream's 8 MiB cap. */
const largeResult = `0x${'ab'.repeat(4 * MiB - 512)}`
const servers: Server[] = []
const sockets: Socket[] = []

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    }),
  )
})

async function listening(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A chain RPC that answers every call with `largeResult`, over the api's own HTTP upstream. */
function largeAnswersRpc(): Promise<string> {
  return listening(
    createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: largeResult }))
      })
    }),
  )
}

/** The api on a real socket behind a trusted proxy (127.0.0.1), whose X-Forwarded-For names each client. */
async function api(maxAnswerBytesPerClient: number): Promise<string> {
  const db = await openDatabase(':memory:')
  await migrate(db, [projectMigrations])
  await new ProjectStore(db).create({ id: 'busy', name: 'Busy', rateLimitPerMinute: 1_000_000 })
  const chains = new ApiChains([
    localApiChain({
      rpcUrl: `http://${await largeAnswersRpc()}`,
      testUsd: '0x0000000000000000000000000000000000000001',
    }),
  ])
  const { listener } = createApiApp({
    db,
    adminToken: 'admin',
    logger: { info() {}, warn() {}, error() {} },
    trustProxy: parseTrustedProxies('127.0.0.1/32'),
    routes: [(deps) => rpcProxyRoutes({ ...deps, chains, batching: { maxAnswerBytesPerClient } })],
  })
  return listening(createServer(listener))
}

const proxyPath = '/v1?chainId=eip155:31337&projectId=busy'

/** A `test` ping from `client`, which the proxy answers itself: its status. */
async function ping(host: string, client: string): Promise<number> {
  const response = await fetch(`http://${host}${proxyPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test' }),
  })
  await response.arrayBuffer()
  return response.status
}

type Unread = { socket: Socket; status: number; length: number; received: number }

/**
 * An `eth_getLogs` from `client` on a socket of its own, whose answer is left unread once its head has come:
 * what the kernel does not take of it stays in the api.
 */
function unreadLogs(host: string, client: string): Promise<Unread> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{}] })
  const [address, port] = host.split(':')
  const socket = connect(Number(port), address)
  sockets.push(socket)
  socket.write(
    `POST ${proxyPath} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\n` +
      `x-forwarded-for: ${client}\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  )
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      const text = chunk.toString('latin1')
      const headEnd = text.indexOf('\r\n\r\n') + 4
      resolve({
        socket,
        status: Number(text.slice(9, 12)),
        length: Number(/content-length: (\d+)/i.exec(text)?.[1]),
        received: chunk.length - headEnd,
      })
    })
  })
}

/** `count` `eth_getLogs` from `client` pipelined on one socket that reads nothing. */
function pipelinedLogs(host: string, client: string, count: number): Socket {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{}] })
  const [address, port] = host.split(':')
  const socket = connect(Number(port), address)
  sockets.push(socket)
  const request =
    `POST ${proxyPath} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\n` +
    `x-forwarded-for: ${client}\r\ncontent-length: ${body.length}\r\n\r\n${body}`
  socket.write(request.repeat(count))
  return socket
}

/** Reads the rest of `unread`'s answer; resolves once all of it has come. */
function readRest(unread: Unread): Promise<void> {
  return new Promise((resolve) => {
    let received = unread.received
    unread.socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received >= unread.length) resolve()
    })
    unread.socket.resume()
  })
}

describe('answer bytes the RPC proxy holds unsent for one client', () => {
  it('refuses a client holding more than its budget of unread answers 429, while another client is served', async () => {
    const host = await api(12 * MiB)
    const first = await unreadLogs(host, '203.0.113.7')
    expect(first).toMatchObject({ status: 200, length: expect.any(Number) })
    expect(first.length).toBeGreaterThan(8 * MiB - 2048)
    // One unread answer is within the budget: the client is still served.
    expect((await unreadLogs(host, '203.0.113.7')).status).toBe(200)

    expect(await ping(host, '203.0.113.7')).toBe(429)
    expect(await ping(host, '198.51.100.9')).toBe(200)
    expect((await unreadLogs(host, '198.51.100.9')).status).toBe(200)
  })

  it('serves the client again once it has read its answers', async () => {
    const host = await api(12 * MiB)
    const held = [await unreadLogs(host, '203.0.113.7'), await unreadLogs(host, '203.0.113.7')]
    expect(await ping(host, '203.0.113.7')).toBe(429)

    await Promise.all(held.map(readRest))
    await expect.poll(() => ping(host, '203.0.113.7')).toBe(200)
  })

  it('gives a client’s budget back when it hangs up without reading', async () => {
    const host = await api(12 * MiB)
    const held = [await unreadLogs(host, '203.0.113.7'), await unreadLogs(host, '203.0.113.7')]
    expect(await ping(host, '203.0.113.7')).toBe(429)

    for (const { socket } of held) socket.destroy()
    await expect.poll(() => ping(host, '203.0.113.7')).toBe(200)
  })

  it('gives a client’s budget back when its connection goes with answers still queued behind a pipelined one', async () => {
    // Three answers of about 8 MiB are written before the client passes 20 MiB: Node closes the one it was
    // sending and the next when the connection goes, never the third.
    const host = await api(20 * MiB)
    const socket = pipelinedLogs(host, '203.0.113.7', 3)
    await expect.poll(() => ping(host, '203.0.113.7')).toBe(429)

    socket.destroy()
    await expect.poll(() => ping(host, '203.0.113.7')).toBe(200)
    // Two unread answers are within the budget again only if the third was given back too.
    await unreadLogs(host, '203.0.113.7')
    await unreadLogs(host, '203.0.113.7')
    expect(await ping(host, '203.0.113.7')).toBe(200)
  })

  it('refuses an answer ready while its client already leaves more than its budget unread, so asking for many at once holds at most the budget and one answer', async () => {
    const host = await api(12 * MiB)
    const burst = await Promise.all(Array.from({ length: 4 }, () => unreadLogs(host, '203.0.113.7')))
    expect(burst.map(({ status }) => status).sort()).toEqual([200, 200, 429, 429])
  })

  it('serves a client holding nothing an answer near the 8 MiB cap, larger than its whole budget; only its next request waits', async () => {
    const host = await api(1 * MiB)
    const large = await unreadLogs(host, '203.0.113.7')
    expect(large.status).toBe(200)
    expect(large.length).toBeGreaterThan(8 * MiB - 2048)
    expect(await ping(host, '203.0.113.7')).toBe(429)

    await readRest(large)
    await expect.poll(() => ping(host, '203.0.113.7')).toBe(200)
  })
})
