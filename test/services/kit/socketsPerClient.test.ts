import { connect, type Socket } from 'node:net'
import { silentLogger } from '@pairwise/relay/core'
import { afterEach, describe, expect, it } from 'vitest'
import { parseTrustedProxies, type Served, serve } from '../../../services/kit/index.js'

/** A socket from `from`, open once the server accepted it; it sends nothing until asked. */
function openFrom(port: number, from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Sends one GET on `socket` and reads until the server closes it or answers: the status line's code. */
function ask(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (status && text.includes('\r\n\r\n')) resolve(Number(status[1]))
    })
    socket.once('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)))
    socket.write('POST /count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n')
  })
}

describe('the server kit: open sockets per client', () => {
  let served: Served | undefined
  const sockets: Socket[] = []
  let handled = 0
  const start = async (options: { maxSocketsPerClient: number; trustProxy?: string }) => {
    served = await serve(
      (_request, response) => {
        handled++
        response.end('counted')
      },
      {
        name: 'test',
        logger: silentLogger,
        host: '127.0.0.1',
        port: 0,
        maxSocketsPerClient: options.maxSocketsPerClient,
        ...(options.trustProxy ? { trustProxy: parseTrustedProxies(options.trustProxy) } : {}),
      },
    )
    return served.port
  }
  const open = async (port: number, from: string) => {
    const socket = await openFrom(port, from)
    sockets.push(socket)
    return socket
  }
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy()
    await served?.close()
    handled = 0
  })

  it('answers a client past its cap 429 and closes that socket unread, while others and its own open ones are served', async () => {
    const port = await start({ maxSocketsPerClient: 3 })
    const held = [await open(port, '127.0.0.2'), await open(port, '127.0.0.2'), await open(port, '127.0.0.2')]
    expect(await ask(await open(port, '127.0.0.2'))).toBe(429)
    // The refused socket's request was never run.
    expect(handled).toBe(0)
    expect(await ask(await open(port, '127.0.0.3'))).toBe(200)
    expect(await ask(held[0] as Socket)).toBe(200)
    expect(handled).toBe(2)
  })

  it('gives a client its place back when one of its sockets closes', async () => {
    const port = await start({ maxSocketsPerClient: 2 })
    const first = await open(port, '127.0.0.2')
    await open(port, '127.0.0.2')
    expect(await ask(await open(port, '127.0.0.2'))).toBe(429)
    const closed = new Promise((resolve) => first.once('close', resolve))
    first.destroy()
    await closed
    // The server learns of the close on its next turn.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await ask(await open(port, '127.0.0.2'))).toBe(200)
  })

  it("does not count a trusted proxy's sockets as one client's: the proxy caps each client behind it", async () => {
    const port = await start({ maxSocketsPerClient: 2, trustProxy: '127.0.0.4' })
    const fromProxy = await Promise.all(Array.from({ length: 5 }, () => open(port, '127.0.0.4')))
    expect(await Promise.all(fromProxy.map(ask))).toEqual([200, 200, 200, 200, 200])
  })
})
