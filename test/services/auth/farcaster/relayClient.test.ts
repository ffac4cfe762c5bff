import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { RelayClient } from '../../../../services/auth/farcaster/relayClient.js'
import { relayProfile } from '../../../../services/auth/farcaster/relayProfile.js'

const maxBytes = 64 * 1024
const channelToken = randomBytes(32).toString('base64url')
const channel = {
  channelToken,
  url: `farcaster://connect?channelToken=${channelToken}`,
  nonce: 'a'.repeat(32),
}

describe('the auth service as a client of a Farcaster relay', () => {
  let server: Server | undefined
  afterEach(() => server?.close())

  /** A client of a stand-in relay answering every call with `status` and `body`, and the warnings it logs. */
  async function relayAnswering(status: number, body: string) {
    server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body)
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const warnings: unknown[] = []
    const relay = new RelayClient(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      5000,
      (_event, fields) => warnings.push(fields),
      maxBytes,
    )
    return { relay, warnings }
  }

  it('a relay answering past the size cap fails the call instead of being read whole', async () => {
    // Well-formed and in protocol: JSON allows any amount of whitespace after the value.
    const { relay, warnings } = await relayAnswering(201, JSON.stringify(channel) + ' '.repeat(8 * maxBytes))
    await expect(
      relay.open({
        domain: 'wallet.pairwise.test',
        siweUri: 'https://wallet.pairwise.test/login',
        nonce: 'a'.repeat(32),
      }),
    ).rejects.toMatchObject({ code: 'FARCASTER_RELAY_FAILED' })
    expect(warnings).toEqual([expect.objectContaining({ reason: expect.stringContaining('bytes') })])
  })

  it('reads a completed channel whose profile is past the protocol bounds, the names then left out, the signed part kept', async () => {
    const completed = {
      state: 'completed',
      nonce: channel.nonce,
      url: channel.url,
      message: 'wallet.pairwise.test wants you to sign in with your Ethereum account',
      signature: `0x${'ab'.repeat(65)}`,
      fid: 1234,
      username: 'a'.repeat(200),
      displayName: 'Ada'.repeat(100),
      bio: 'b'.repeat(5000),
      pfpUrl: 'p'.repeat(5000),
      custody: 'c'.repeat(100),
    }
    const { relay, warnings } = await relayAnswering(200, JSON.stringify(completed))
    const status = await relay.status(channelToken)
    if (status.state !== 'completed') throw new Error('not completed')
    expect(status).toMatchObject({ fid: 1234, message: completed.message, signature: completed.signature })
    expect(relayProfile(status)).toEqual({
      username: undefined,
      displayName: undefined,
    })
    expect(warnings).toEqual([])
  })
})
