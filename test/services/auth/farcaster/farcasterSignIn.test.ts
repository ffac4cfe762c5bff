import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../../common/index.js'
import { FarcasterSignIn } from '../../../../services/auth/farcaster/farcasterSignIn.js'
import { authLimits } from '../../../../services/auth/limits.js'
import { relayPaths } from '../../../../services/farcasterRelay/protocol.js'
import { burst, passed, refusedWith } from '../../api/support/burst.js'
import { eachDatabase } from '../../api/support/databases.js'
import { authDatabase } from '../authDatabase.js'
import { start } from '../authHarness.js'

/**
 * A stand-in relay that takes a while to open each channel, as one across the network does, and answers
 * 500 to the first `failing` calls.
 */
async function slowRelay(failing = 0): Promise<{ url: string; opened: () => number; server: Server }> {
  let calls = 0
  let opened = 0
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    await sleep(50)
    if (request.url !== relayPaths.channel || ++calls <= failing) return void response.writeHead(500).end()
    const { nonce } = JSON.parse(Buffer.concat(chunks).toString()) as { nonce: string }
    const channelToken = randomBytes(32).toString('base64url')
    opened++
    response
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ channelToken, url: `farcaster://connect?channelToken=${channelToken}`, nonce }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, opened: () => opened, server }
}

const login = { projectId: 'demo', hostOrigin: 'http://localhost:5173', ip: '198.51.100.7' }
const device = (id: string) => ({ id, signingKey: `${id}-signing`, agreementKey: `${id}-agreement` })

describe.each(eachDatabase())('Farcaster channels per client on $name', ({ open }) => {
  let relay: Awaited<ReturnType<typeof slowRelay>> | undefined
  afterEach(() => relay?.server.close())

  const signIn = async (failing = 0) => {
    relay = await slowRelay(failing)
    const db = await authDatabase(await open())
    const config = {
      domain: 'wallet.pairwise.test',
      siweUri: 'https://wallet.pairwise.test/login',
      relayUrl: relay.url,
      optimismRpcUrl: 'http://127.0.0.1:9',
      relayTimeoutMs: 5000,
    }
    return { db, farcaster: new FarcasterSignIn(config, db, authLimits, silentLogger) }
  }

  it('simultaneous starts from one device open no more channels than its cap; the relay is not asked for more', async () => {
    const { db, farcaster } = await signIn()
    const results = await burst(db, 20, () => farcaster.open({ ...login, device: device('phone') }, start))
    expect(passed(results)).toHaveLength(authLimits.farcasterChannelsPerDevice)
    expect(refusedWith(results)).toEqual(Array(15).fill('RATE_LIMITED'))
    expect(relay?.opened()).toBe(authLimits.farcasterChannelsPerDevice)
  })

  it('simultaneous starts from one IP open no more channels than its cap, whatever the devices', async () => {
    const { db, farcaster } = await signIn()
    const results = await burst(db, 60, (i) => farcaster.open({ ...login, device: device(`d${i}`) }, start))
    expect(passed(results)).toHaveLength(authLimits.farcasterChannelsPerIp)
  })

  it('a start the relay fails gives its place back to the device', async () => {
    const { farcaster } = await signIn(authLimits.farcasterChannelsPerDevice)
    const phone = device('phone')
    for (let i = 0; i < authLimits.farcasterChannelsPerDevice; i++)
      await expect(farcaster.open({ ...login, device: phone }, start)).rejects.toMatchObject({
        code: 'FARCASTER_RELAY_FAILED',
      })
    await expect(farcaster.open({ ...login, device: phone }, start)).resolves.toMatchObject({
      url: expect.stringContaining('farcaster://connect'),
    })
  })
})
