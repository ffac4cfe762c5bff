import { describe, expect, it } from 'vitest'
import type { AuthenticateParams } from '../../engine/index.js'
import { useTestRelay } from '../engine/support/harness.js'

const harness = useTestRelay()
const { pool } = harness

const valid: AuthenticateParams = {
  chains: ['eip155:1'],
  domain: 'dapp.example',
  uri: 'https://dapp.example',
  nonce: 'n',
}

describe('authenticate() conformance', () => {
  it('WC-33 chains non-empty array', async () => {
    const dapp = await pool.make(harness.relay.url)
    for (const chains of [[], undefined, 'eip155:1']) {
      await expect(dapp.authenticate({ ...valid, chains: chains as string[] })).rejects.toMatchObject({
        code: 5,
        message: 'Missing or invalid. chains is required and must be a non-empty array',
      })
    }
  })

  it.each(['uri', 'domain', 'nonce'] as const)('WC-33 %s required', async (field) => {
    const dapp = await pool.make(harness.relay.url)
    await expect(dapp.authenticate({ ...valid, [field]: '' })).rejects.toMatchObject({
      code: 5,
      message: `Missing or invalid. ${field} is required parameter`,
    })
  })

  it('WC-34 a single namespace', async () => {
    const dapp = await pool.make(harness.relay.url)
    await expect(
      dapp.authenticate({ ...valid, chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
    ).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('Multi-namespace requests are not supported'),
    })
  })

  it('WC-34 eip155 only', async () => {
    const dapp = await pool.make(harness.relay.url)
    await expect(
      dapp.authenticate({ ...valid, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
    ).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('Only eip155 namespace is supported'),
    })
    const { uri } = await dapp.authenticate(valid)
    expect(uri).toMatch(
      /^wc:[0-9a-f]{64}@2\?expiryTimestamp=\d+&methods=wc_sessionAuthenticate&relay-protocol=irn&symKey=[0-9a-f]{64}$/,
    )
  })
})
