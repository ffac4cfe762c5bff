import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, freePortPair, freePortRuns, isPortTaken } from '../../../services/index.js'

const ephemeralStart = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
)

const listening: Server[] = []
afterEach(async () => {
  await Promise.all(listening.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})
const listen = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      listening.push(server)
      resolve()
    })
  })

describe('free ports', () => {
  it('are drawn below the range outgoing connections take their ports from', async () => {
    for (let draw = 0; draw < 50; draw++) {
      const port = await freePort()
      expect(port).toBeLessThan(ephemeralStart)
      expect(port).toBeGreaterThanOrEqual(1024)
    }
  })

  it('are free when answered: each can be listened on at once', async () => {
    const [a, b, c] = await freePortRuns([1, 2, 1])
    for (const port of [a, b, (b as number) + 1, c]) await listen(port as number)
  })

  it('one call never answers a port twice, a pair’s next port included', async () => {
    for (let call = 0; call < 20; call++) {
      const firsts = await freePortRuns([1, 1, 1, 1, 1, 1, 1, 2, 2])
      const taken = firsts.flatMap((port, index) => (index >= 7 ? [port, port + 1] : [port]))
      expect(new Set(taken).size).toBe(taken.length)
    }
  })

  it('a pair’s next port is free too', async () => {
    const port = await freePortPair()
    expect(await isPortTaken(port)).toBe(false)
    expect(await isPortTaken(port + 1)).toBe(false)
  })

  it('isPortTaken tells a listened port from a free one, and leaves the free one free', async () => {
    const port = await freePort()
    expect(await isPortTaken(port)).toBe(false)
    expect(await isPortTaken(port)).toBe(false)
    await listen(port)
    expect(await isPortTaken(port)).toBe(true)
  })
})
