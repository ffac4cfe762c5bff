import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../services/api/db/index.js'
import { onrampMigrations } from '../../services/api/onramp/index.js'
import { OrderStore } from '../../services/api/onramp/store.js'
import { buyer, onrampHarness, post, projectId, quotedTerms } from '../services/api/onramp/onrampHarness.js'
import { eachDatabase } from '../services/api/support/databases.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'
import { tokenBalance } from '../support/tokenBalance.js'

type Order = { id: string; status: string; code?: string }

const orders = `/v1/onramp/orders?projectId=${projectId}`
const payment = (id: string) => `/v1/onramp/orders/${id}/payment?projectId=${projectId}`
const card = { card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } }

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * Other spellings of the same quote id that a lenient base64url reader decodes to the same MAC: the
 * last character's unused low bits set, padding, the standard alphabet's '+' and '/', whitespace.
 */
function respellings(quoteId: string): string[] {
  const [prefix, terms, mac = ''] = quoteId.split('.')
  const head = `${prefix}.${terms}.`
  const last = alphabet.indexOf(mac.at(-1) ?? 'A')
  const spare = [1, 2, 3].map((bits) => `${mac.slice(0, -1)}${alphabet[(last & ~3) | bits]}`)
  const standard = `${mac.slice(0, -1).replaceAll('-', '+').replaceAll('_', '/')}${mac.at(-1)}`
  return [
    ...spare.map((each) => head + each),
    `${head}${mac}=`,
    `${head}${mac}==`,
    `${head}${mac.slice(0, 10)} ${mac.slice(10)}`,
    `${head}${mac.slice(0, 1)}\n${mac.slice(1)}`,
    // A MAC with '+' or '/' only differs when the MAC holds '-' or '_'; the 'A'+'/' form always does.
    head + standard,
    `${head}${mac.slice(0, -2)}/${mac.at(-1)}`,
  ].filter((each) => each !== quoteId)
}

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

describe.each(eachDatabase())('one onramp quote pays for one order only, on $name', ({ open }) => {
  it('refuses every other spelling of a quote id, or maps it to the same single order, and delivers once', async () => {
    const h = await onrampHarness(await open(), chain)
    const usdc = () => tokenBalance(chain.publicClient, chain.fixtures.testUsdc, buyer)
    const before = await usdc()
    const quote = await h.quote('50')
    expect(quote.status).toBe(200)
    const first = await h.json<Order>(orders, post({ quoteId: quote.body.quoteId }))
    expect(first.status).toBe(201)
    const ids = new Set([first.body.id])
    for (const spelling of respellings(quote.body.quoteId)) {
      const answer = await h.json<Order>(orders, post({ quoteId: spelling }))
      if (answer.status >= 400) expect(answer.body.code).toBe('QUOTE_INVALID')
      else ids.add(answer.body.id)
      // With a key of its own a spelling is another purchase request, still of the same quote.
      const keyed = await h.json<Order>(
        orders,
        post(
          { quoteId: spelling },
          { 'idempotency-key': `k-${ids.size}-${spelling.length}-${Math.random()}` },
        ),
      )
      if (keyed.status < 400) ids.add(keyed.body.id)
      // The sandbox checkout page takes the quote id in its path.
      const page = await h.call(`/sandbox/checkout/${encodeURIComponent(spelling)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          number: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
          idempotencyKey: `page-${Math.random()}`,
        }).toString(),
      })
      const paidAt = page.headers.get('location')?.match(/\/sandbox\/orders\/(ord_[\w-]+)/)?.[1]
      if (paidAt) ids.add(paidAt)
    }
    for (const id of ids) await h.json(payment(id), post({ ...card, quoteId: quote.body.quoteId }))
    await h.sandbox.idle()
    expect([...ids]).toEqual([first.body.id])
    const delivered = (await usdc()) - before
    expect(Number(delivered) / 1e6).toBe(Number(quote.body.purchaseAmount.amount))
  }, 60_000)

  it('stores at most one order per quote nonce, whatever string names the quote', async () => {
    const db = await open()
    await migrate(db, [onrampMigrations])
    const store = new OrderStore(db)
    const terms = quotedTerms('n0nce-of-one-quote', Date.now() + 60_000)
    const create = (id: string, quoteId: string, idempotencyKey?: string) =>
      store.create({
        id,
        quoteId,
        terms,
        idempotencyKey,
        requestHash: quoteId,
        clientKey: `${projectId} 203.0.113.7`,
        now: Date.now(),
      })
    const first = await create('ord_aaaaaaaaaaaaaaaa', 'q1.spelling-one')
    expect(first.kind).toBe('created')
    const again = await create('ord_bbbbbbbbbbbbbbbb', 'q1.spelling-two')
    expect(again).toMatchObject({ kind: 'existing', order: { id: 'ord_aaaaaaaaaaaaaaaa' } })
    expect(await create('ord_cccccccccccccccc', 'q1.spelling-three', 'key-1')).toMatchObject({
      order: { id: 'ord_aaaaaaaaaaaaaaaa' },
    })
    expect(await db.all('SELECT id FROM onramp_orders')).toEqual([{ id: 'ord_aaaaaaaaaaaaaaaa' }])
  })
})
