import { describe, expect, it } from 'vitest'
import { ADDRESS, useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { engineOf } from '../engine/support/internals.js'
import { establishSession, nextEvent } from './support/fixtures.js'

const harness = useTestRelay()
const { pool } = harness

async function session() {
  const dapp = await pool.make(harness.relay.url)
  const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
  const { topic } = await establishSession(dapp, wallet)
  return { dapp, wallet, topic }
}

describe('request() conformance', () => {
  it('WC-29 chainId in the session namespaces', async () => {
    const { dapp, topic } = await session()
    await expect(
      dapp.request({ topic, chainId: 'eip155:137', request: { method: 'personal_sign', params: [] } }),
    ).rejects.toMatchObject({ code: 5, message: 'Missing or invalid. request() chainId: eip155:137' })
  })

  it('WC-30 method allowed', async () => {
    const { dapp, topic } = await session()
    await expect(
      dapp.request({ topic, chainId: 'eip155:1', request: { method: 'eth_signTypedData_v4', params: [] } }),
    ).rejects.toMatchObject({
      code: 5,
      message: 'Missing or invalid. request() method: eth_signTypedData_v4',
    })
  })

  it('WC-31 expiry a number of seconds between 300 and 604800', async () => {
    const { dapp, wallet, topic } = await session()
    const signWithin = (expiry: number) =>
      dapp.request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [] }, expiry })
    for (const expiry of [299, 604_801, Number.NaN, '600' as unknown as number]) {
      await expect(signWithin(expiry)).rejects.toMatchObject({
        code: 5,
        message: expect.stringContaining('between 300 and 604800'),
      })
    }
    wallet.on('session_request', ({ id, params }) => {
      expect(params.request.expiryTimestamp).toBeGreaterThan(Date.now() / 1000 + 290)
      pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: 'ok' } }))
    })
    for (const expiry of [300, 604_800]) await expect(signWithin(expiry)).resolves.toBe('ok')
  })

  it('an incoming request outside the session is refused by the wallet', async () => {
    const { dapp, wallet, topic } = await session()
    let emitted = false
    wallet.on('session_request', () => {
      emitted = true
    })
    // Widen the dapp's own view so its check passes and the wallet's is the one tested; no public call
    // changes one side's record alone.
    const record = dapp.session.get(topic)
    await engineOf(dapp).stores.sessions.set(topic, {
      ...record,
      namespaces: { eip155: { ...record.namespaces.eip155!, methods: ['personal_sign', 'eth_sign'] } },
    })
    await expect(
      dapp.request({ topic, chainId: 'eip155:1', request: { method: 'eth_sign', params: [] } }),
    ).rejects.toMatchObject({ code: 5, message: 'Missing or invalid. request() method: eth_sign' })
    expect(emitted).toBe(false)
  })
})

describe('emit() conformance', () => {
  it('WC-32 chainId and event allowed', async () => {
    const { dapp, wallet, topic } = await session()
    await expect(
      wallet.emit({ topic, chainId: 'eip155:5', event: { name: 'chainChanged', data: 5 } }),
    ).rejects.toMatchObject({ code: 5, message: 'Missing or invalid. emit() chainId: eip155:5' })
    await expect(
      wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'somethingElse', data: 1 } }),
    ).rejects.toMatchObject({ code: 5, message: expect.stringContaining('emit() event') })
    const event = nextEvent(dapp, 'session_event')
    await wallet.emit({ topic, chainId: 'eip155:10', event: { name: 'accountsChanged', data: [ADDRESS] } })
    expect((await event).params.chainId).toBe('eip155:10')
  })
})
