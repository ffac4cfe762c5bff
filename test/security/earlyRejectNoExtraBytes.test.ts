import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../common/index.js'
import { type RunningApi, startApi } from '../../services/api/index.js'

// The fuzz run's request: a 137-byte JSON body on a target the api refuses before reading anything.
const BAD_TARGET = '//%0A?'
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [], pad: 'x'.repeat(70) })

type Outcome = string

/** One request through Node's client; a client error (HPE_CLOSED_CONNECTION and the like) is its outcome. */
function send(
  api: RunningApi,
  agent: Agent,
  call: { method: string; path: string; body?: string; length?: boolean },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' }
    if (call.body !== undefined && call.length) headers['content-length'] = Buffer.byteLength(call.body)
    const outgoing = request(
      { host: '127.0.0.1', port: api.port, method: call.method, path: call.path, agent, headers },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve(`${response.statusCode} ${JSON.parse(text).code ?? 'ok'}`))
        response.on('error', (error: NodeJS.ErrnoException) => resolve(`response error ${error.code}`))
      },
    )
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(`client error ${error.code}`))
    outgoing.end(call.body)
  })
}

function tally(outcomes: readonly Outcome[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = {}
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1
  return counts
}

/** Everything the server sends on one raw socket until it closes it (`closed`) or 2 s pass. */
function rawExchange(port: number, parts: readonly string[]): Promise<{ received: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let received = ''
    const done = (closed: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ received, closed })
    }
    const timer = setTimeout(() => done(false), 2000)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
    })
    socket.on('close', () => done(true))
    socket.on('error', () => done(true))
    socket.on('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((wait) => setTimeout(wait, 50))
        if (!socket.destroyed) socket.write(part)
      }
    })
  })
}

const responsesIn = (received: string) => received.match(/HTTP\/1\.1 \d{3} /g) ?? []

describe('a request the api refuses early is answered once, and nothing follows that answer', () => {
  let api: RunningApi
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pairwise-early-reject-'))
    api = await startApi({
      port: 0,
      database: join(dir, 'api.sqlite'),
      logger: silentLogger,
      // Node's client without keep-alive opens a socket per request: the 600 below are under way at once.
      maxSocketsPerClient: 1000,
    })
  })
  afterAll(async () => {
    await api?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  for (const keepAlive of [false, true])
    for (const length of [false, true])
      it(`answers 500 bad-target DELETEs with a body through Node's client (${keepAlive ? 'keep-alive' : 'Connection: close'}, ${length ? 'with' : 'without'} Content-Length) with no client error, and the good requests between them with their own answers`, async () => {
        // Node's client says `Connection: close` only for an agent without keep-alive and without a socket cap.
        const agent = new Agent(keepAlive ? { keepAlive, maxSockets: 8 } : { keepAlive })
        try {
          const bad = Array.from({ length: 500 }, () =>
            send(api, agent, { method: 'DELETE', path: BAD_TARGET, body: BODY, length }),
          )
          const good = Array.from({ length: 100 }, () => send(api, agent, { method: 'GET', path: '/health' }))
          expect(tally(await Promise.all(bad))).toEqual({ '400 INVALID_REQUEST': 500 })
          expect(tally(await Promise.all(good))).toEqual({ '200 ok': 100 })
        } finally {
          agent.destroy()
        }
      }, 60_000)

  const head = (connection: string, length: boolean) =>
    `DELETE ${BAD_TARGET} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\nContent-Type: application/json\r\n` +
    `${length ? `Content-Length: ${Buffer.byteLength(BODY)}\r\n` : ''}\r\n`

  for (const connection of ['close', 'keep-alive'])
    for (const length of [false, true])
      for (const split of [false, true])
        it(`sends one answer and closes after a refused request with a body on a raw socket (Connection: ${connection}, ${length ? 'with' : 'without'} Content-Length, body ${split ? 'after the head' : 'in the same packet'})`, async () => {
          const parts = split ? [head(connection, length), BODY] : [head(connection, length) + BODY]
          const { received, closed } = await rawExchange(api.port, parts)
          expect(responsesIn(received)).toEqual(['HTTP/1.1 400 '])
          expect(received).toContain('INVALID_REQUEST')
          expect(closed).toBe(true)
        })

  for (const length of [false, true])
    it(`never answers a refused request's body as a request of its own when another is pipelined behind it (${length ? 'with' : 'without'} Content-Length)`, async () => {
      const { received } = await rawExchange(api.port, [
        `${head('keep-alive', length)}${BODY}GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      ])
      // The pipelined request may be answered or the connection closed before it; nothing else may follow.
      const [first, ...rest] = responsesIn(received)
      expect(first).toBe('HTTP/1.1 400 ')
      expect(rest.filter((status) => status !== 'HTTP/1.1 200 ')).toEqual([])
    })
})
