import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { RelayClient } from '../../../../services/auth/farcaster/relayClient.js'

const maxBytes = 64 * 1024

describe('the auth service as a client of a Farcaster relay', () => {
  let server: Server | undefined
  afterEach(() => server?.close())

  it('a relay answering past the size cap fails the call instead of being read whole', async () => {
    server = createServer((_request, response) => {
      const channelToken = randomBytes(32).toString('base64url')
      const channel = {
        channelToken,
        url: `farcaster://connect?channelToken=${channelToken}`,
        nonce: 'a'.repeat(32),
      }
      // Well-formed and in protocol: JSON allows any amount of whitespace after the value.
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify(channel) + ' '.repeat(8 * maxBytes))
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const warnings: unknown[] = []
    const relay = new RelayClient(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      5000,
      (_event, fields) => warnings.push(fields),
      maxBytes,
    )
    await expect(
      relay.open({
        domain: 'wallet.pairwise.test',
        siweUri: 'https://wallet.pairwise.test/login',
        nonce: 'a'.repeat(32),
      }),
    ).rejects.toMatchObject({ code: 'FARCASTER_RELAY_FAILED' })
    expect(warnings).toEqual([expect.objectContaining({ reason: expect.stringContaining('bytes') })])
  })
})
