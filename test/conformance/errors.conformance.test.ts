import { describe, expect, it } from 'vitest'
import { getInternalError, getSdkError, SignClient, SignClientError } from '../../engine/index.js'
import { useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { establishSession, nextEvent, rawWalletSession } from './support/fixtures.js'

const harness = useTestRelay()
const { pool, peers } = harness

describe('error codes conformance', () => {
  it.each([
    ['ERR-31', 'MISSING_OR_INVALID', 5, 'Missing or invalid.'],
    ['ERR-30', 'NO_MATCHING_KEY', 2, 'No matching key.'],
    ['ERR-32', 'EXPIRED', 6, 'Expired.'],
    ['ERR-29', 'NOT_INITIALIZED', 1, 'Not initialized.'],
  ] as const)('%s %s carries code %i', (_id, key, code, message) => {
    expect(getInternalError(key)).toEqual({ code, message })
  })

  it.each([
    ['ERR-33', 'USER_DISCONNECTED', 6000, 'User disconnected.'],
    ['ERR-34', 'INVALID_UPDATE_REQUEST', 1003, 'Invalid update request.'],
  ] as const)('%s %s carries code %i', (_id, key, code, message) => {
    expect(getSdkError(key)).toEqual({ code, message })
  })

  it('ERR-29 NOT_INITIALIZED before initialize() and after close()', async () => {
    const client = new SignClient({ relayUrl: harness.relay.url, logger: 'silent' })
    await expect(client.connect({})).rejects.toMatchObject({ code: 1, message: 'Not initialized. engine' })
    expect(() => client.session).toThrow(SignClientError)
    await client.initialize()
    expect(client.session.length).toBe(0)
    await client.close()
    await expect(client.ping({ topic: 'a'.repeat(64) })).rejects.toMatchObject({ code: 1 })
  })

  it('ERR-33 WC-11 USER_DISCONNECTED reaches the peer on disconnect, and fails its open requests', async () => {
    const withRawWallet = await pool.make(harness.relay.url)
    const raw = await rawWalletSession(harness.relay.url, withRawWallet)
    peers.push(raw.peer)
    await raw.approval
    await withRawWallet.disconnect({ topic: raw.sessionTopic })
    const deletion = await raw.peer.next((message) => message.payload.method === 'wc_sessionDelete')
    expect(deletion.tag).toBe(1112)
    expect(deletion.payload.params).toEqual({ code: 6000, message: 'User disconnected.' })

    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const received = nextEvent(wallet, 'session_request')
    const pending = dapp.request({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [] },
    })
    await received
    const deleted = nextEvent(dapp, 'session_delete')
    await wallet.disconnect({ topic })
    await deleted
    await expect(pending).rejects.toMatchObject({ code: 6000, message: 'User disconnected.' })
  })

  it('ERR-30 NO_MATCHING_KEY for unknown records in the stores', async () => {
    const client = await pool.make(harness.relay.url)
    expect(() => client.session.get('nope')).toThrow('No matching key. session: nope')
    expect(() => client.proposal.get(1)).toThrow(expect.objectContaining({ code: 2 }))
  })
})
