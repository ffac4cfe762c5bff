import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomHex } from '../../crypto/index.js'
import { webSocketFactory } from '../../relay/client/index.js'
import { type MockRelay, startMockRelay } from '../../relay/mock/index.js'
import { silentLogger } from '../../services/relay/index.js'
import { ADDRESS, ClientPool, establishSession, nextEvent, walletMetadata } from './support/harness.js'

let relay: MockRelay
const pool = new ClientPool()

beforeEach(() => {
  relay = startMockRelay({ url: `ws://relay-${randomHex(6)}.pairwise.test`, logger: silentLogger })
})
afterEach(async () => {
  await pool.closeAll()
  await relay.close()
})

function client(metadata?: typeof walletMetadata) {
  return pool.make(relay.url, {
    relay: {
      createSocket: webSocketFactory(relay.WebSocket),
      timings: { reconnectStepMs: 20, reconnectMaxMs: 50 },
    },
    ...(metadata ? { metadata } : {}),
  })
}

describe('the engine over the mock relay', () => {
  it('runs a session and survives the relay dropping every connection', async () => {
    const dapp = await client()
    const wallet = await client(walletMetadata)
    const { topic } = await establishSession(dapp, wallet)
    wallet.on('session_request', ({ id }) =>
      pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: 'signed' } })),
    )
    const call = () =>
      dapp.request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [ADDRESS] } })
    await expect(call()).resolves.toBe('signed')

    const dappBack = new Promise((resolve) => dapp.engine.relay.on('connect', resolve))
    const walletBack = new Promise((resolve) => wallet.engine.relay.on('connect', resolve))
    relay.disconnectAll()
    await Promise.all([dappBack, walletBack])
    await expect(call()).resolves.toBe('signed')

    const deleted = nextEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic })
    expect((await deleted).topic).toBe(topic)
  })
})
