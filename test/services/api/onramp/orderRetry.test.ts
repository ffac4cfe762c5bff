import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onrampLimits } from '../../../../services/api/onramp/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { eachDatabase } from '../support/databases.js'
import { onrampHarness, post, projectId } from './onrampHarness.js'

type Answer = { id?: string; code?: string }

const orders = `/v1/onramp/orders?projectId=${projectId}`
const [sqlite] = eachDatabase()

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

describe('an order retried after its quote expired', () => {
  it('with the same Idempotency-Key answers the order the first request made, not a second purchase', async () => {
    const h = await onrampHarness(await (sqlite?.open() ?? Promise.reject(new Error('no SQLite'))), chain)
    const { quoteId } = (await h.quote('30')).body
    const order = (key: string) => h.json<Answer>(orders, post({ quoteId }, { 'idempotency-key': key }))
    const first = await order('retry-1')
    expect(first.status).toBe(201)

    // The first answer was lost; the client sends the same request again once the quote's minute is over.
    h.clock.now += onrampLimits.quoteLifeMs + 1
    const retried = await order('retry-1')
    expect(retried).toMatchObject({ status: 200, body: { id: first.body.id } })
    // Another key is still another purchase, which the used quote cannot make.
    expect((await order('retry-2')).body).toMatchObject({ code: 'QUOTE_USED' })
  })

  it('with a key no order holds is refused as expired: only a live quote makes an order', async () => {
    const h = await onrampHarness(await (sqlite?.open() ?? Promise.reject(new Error('no SQLite'))), chain)
    const { quoteId } = (await h.quote('30')).body
    h.clock.now += onrampLimits.quoteLifeMs + 1
    const late = await h.json<Answer>(orders, post({ quoteId }, { 'idempotency-key': 'late-1' }))
    expect(late.body).toMatchObject({ code: 'QUOTE_EXPIRED' })
  })
})
