import { describe, expect, it } from 'vitest'
import { ONE_DAY, SEVEN_DAYS } from '../../../engine/time.js'
import { sendRequest } from '../../../engine/transport/send.js'
import { movableClock } from '../../conformance/support/clock.js'
import { ADDRESS, establishSession, nextEvent, useTestRelay, walletMetadata } from '../support/harness.js'
import { engineOf, inboundHandled, runExpirer } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

const nowSeconds = () => Math.floor(Date.now() / 1000)

describe('a session request the wallet receives', () => {
  it('is held no longer than the seven days a dapp may ask, whatever expiry it names', async () => {
    const clock = movableClock()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, clock })
    const dapp = await pool.make(harness.relay.url)
    const { topic } = await establishSession(dapp, wallet)
    const shown = nextEvent(wallet, 'session_request')
    // Sent by hand: the dapp's own request() refuses an expiry past seven days, a peer's SDK may not.
    const id = await sendRequest(engineOf(dapp), {
      topic,
      method: 'wc_sessionRequest',
      params: {
        chainId: 'eip155:1',
        request: {
          method: 'personal_sign',
          params: ['0x68656c6c6f', ADDRESS],
          expiryTimestamp: nowSeconds() + 100 * 365 * ONE_DAY,
        },
      },
    })
    const receivedAt = nowSeconds()
    expect((await shown).params.request.expiryTimestamp).toBeLessThanOrEqual(receivedAt + SEVEN_DAYS + 1)

    // The dapp keeps the session alive past the week, so only the request's own expiry can end it.
    clock.advance(6 * ONE_DAY)
    await (await dapp.extend({ topic })).acknowledged()
    clock.advance(ONE_DAY + 2)
    runExpirer(wallet)
    await inboundHandled(wallet)
    expect(wallet.session.keys).toContain(topic)
    expect(wallet.getPendingSessionRequests().map((request) => request.id)).not.toContain(id)
  })
})
