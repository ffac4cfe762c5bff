import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { allAnswer, PartEndedError } from '../../../services/stack/allAnswer.js'
import { freePort } from '../../support/ports.js'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A server on loopback answering every request with `status`, listening from `afterMs` on. */
async function answering(status: number, port: number, afterMs = 0): Promise<void> {
  const server = createServer((_, response) => response.writeHead(status).end())
  servers.push(server)
  await new Promise((resolve) => setTimeout(resolve, afterMs))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  expect((server.address() as AddressInfo).port).toBe(port)
}

const urlOf = (port: number) => `http://127.0.0.1:${port}/health`

describe('the stack waits for every part to answer before writing its stack file', () => {
  it('resolves once every URL answers 2xx, asking again while one still loads', async () => {
    const [early, late] = [await freePort(), await freePort()]
    await answering(200, early)
    let lateListens = false
    const loading = answering(204, late, 600).then(() => {
      lateListens = true
    })
    await allAnswer([
      { part: 'api', url: urlOf(early), ended: undefined },
      { part: 'bundler', url: urlOf(late), ended: undefined },
    ])
    expect(lateListens).toBe(true)
    await loading
  })

  it('a part whose process ended before answering fails the start at once, naming the part and why', async () => {
    const port = await freePort()
    const started = Date.now()
    await expect(
      allAnswer(
        [{ part: 'bundler', url: urlOf(port), ended: Promise.resolve('alto exited with 1') }],
        60_000,
      ),
    ).rejects.toEqual(new PartEndedError('bundler', 'alto exited with 1'))
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  it('a part that ended fails the start even when something else answers on its port', async () => {
    const port = await freePort()
    await answering(200, port)
    await expect(
      allAnswer(
        [{ part: 'bundler', url: urlOf(port), ended: Promise.resolve('alto exited with 0') }],
        60_000,
      ),
    ).rejects.toEqual(new PartEndedError('bundler', 'alto exited with 0'))
  })

  it('a URL nothing listens on past the wait names its part, its URL and what the connection ran into', async () => {
    const port = await freePort()
    await expect(allAnswer([{ part: 'relay', url: urlOf(port), ended: undefined }], 300)).rejects.toThrow(
      `The relay part's ${urlOf(port)} did not answer at start in 0.3 s: connect ECONNREFUSED 127.0.0.1:${port}`,
    )
  })

  it('an answer that is not 2xx fails at once, naming the part and the status', async () => {
    const port = await freePort()
    await answering(503, port)
    await expect(allAnswer([{ part: 'mail', url: urlOf(port), ended: undefined }], 60_000)).rejects.toThrow(
      `The mail part's ${urlOf(port)} answered 503 at start`,
    )
  })
})
