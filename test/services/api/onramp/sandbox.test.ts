import { encodeFunctionData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { devPrivateKeys, testUsdcAbi } from '../../../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { tokenBalance } from '../../../support/tokenBalance.js'
import { eachDatabase } from '../support/databases.js'
import { buyer, type OnrampHarness, onrampHarness, post, projectId } from './onrampHarness.js'

type Order = {
  id: string
  status: string
  txHash?: string
  failureReason?: string
  checkoutUrl?: string
  purchaseAmount: { amount: string; currency: string }
  paymentAmount: { amount: string; currency: string }
}

/** A payment's body: the test card, and the quote the order was made from, which only its buyer was given. */
const paying = (quoteId: string, number: string) => ({
  quoteId,
  card: { number, expiry: '12/34', cvc: '123' },
})
const orders = `/v1/onramp/orders?projectId=${projectId}`
const payment = (id: string) => `/v1/onramp/orders/${id}/payment?projectId=${projectId}`

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

const usdcOf = (address: `0x${string}`) => tokenBalance(chain.publicClient, chain.fixtures.testUsdc, address)

/** The checkout page's form, posted with test card `number`. */
const checkoutForm = (number: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ number, expiry: '12/34', cvc: '123', idempotencyKey: 'form-1' }).toString(),
})

describe.each(eachDatabase())('onramp sandbox on $name', ({ open }) => {
  let h: OnrampHarness
  beforeEach(async () => {
    h = await onrampHarness(await open(), chain)
  })

  const order = async (quoteId: string, headers: Record<string, string> = {}) =>
    h.json<Order>(orders, post({ quoteId }, headers))

  it('a quote signed by one api process opens on another over the same database, and after a restart: the quote secret is kept there', async () => {
    const quote = await h.quote('25')
    expect(quote.status).toBe(200)
    const other = h.restart()
    const { terms } = await other.checkout(quote.body.quoteId)
    expect(terms.address).toBe(buyer)
    const secrets = await h.db.all<{ name: string }>('SELECT name FROM onramp_secrets')
    expect(secrets).toEqual([{ name: 'quote' }])
    const created = await order(quote.body.quoteId)
    expect(created.status).toBe(201)
  })

  it('ONR-09 options answer purchaseCurrencies and paymentCurrencies, a quote purchaseAmount.amount', async () => {
    const options = await h.json<{ purchaseCurrencies: { id: string }[]; paymentCurrencies: unknown[] }>(
      `/v1/onramp/options?projectId=${projectId}`,
    )
    expect(options.status).toBe(200)
    expect(options.body.purchaseCurrencies.map((each) => each.id)).toEqual(['tUSDC', 'tETH'])
    expect(options.body.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
    const quote = await h.quote('50')
    expect(quote.status).toBe(200)
    const networkCents = Math.round(Number(quote.body.networkFee.amount) * 100)
    expect(networkCents).toBeGreaterThan(0)
    // Card fee 1.5 % of 50 is 0.75, under the 0.99 minimum.
    expect(quote.body.providerFee).toEqual({ amount: '0.99', currency: 'USD' })
    expect(quote.body.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    expect(Number(quote.body.purchaseAmount.amount)).toBeCloseTo((5000 - 99 - networkCents) / 100, 6)
    expect(quote.body.purchaseAmount.currency).toBe('tUSDC')
  })

  it('refuses amounts outside the payment method limits, naming the limit', async () => {
    expect((await h.quote('9.99')).body).toMatchObject({
      code: 'AMOUNT_OUT_OF_RANGE',
      message: 'Minimum is 10.00 USD',
    })
    expect((await h.quote('5')).body.message).toBe('Minimum is 10.00 USD')
    expect((await h.quote('8000')).body.message).toBe('Maximum is 7,500.00 USD')
    expect((await h.quote('7500')).status).toBe(200)
    const ach = await h.quote('25000', { paymentMethod: 'ach_bank_account' })
    expect(ach.status).toBe(200)
    expect(ach.body.providerFee.amount).toBe('125.00')
    const over = await h.quote('25000.01', { paymentMethod: 'ach_bank_account' })
    expect(over).toMatchObject({ status: 400, body: { message: 'Maximum is 25,000.00 USD' } })
  })

  it('answers malformed quote requests with a 400 naming the field', async () => {
    for (const bad of [
      { amount: 'abc' },
      { amount: '10.001' },
      { address: '0x12' },
      { caipNetworkId: 'eip155:1' },
    ]) {
      const answer = await h.quote(String(bad.amount ?? '50'), bad)
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    const notJson = await h.call(`/v1/onramp/quote?projectId=${projectId}`, { method: 'POST', body: '{' })
    expect(notJson.status).toBe(400)
    expect((await h.quote('50', { purchaseCurrency: 'DOGE' })).body.message).toMatch(/DOGE/)
  })

  it('an order goes CREATED → PAYMENT_COMPLETE → DELIVERING → COMPLETED and mints tUSDC to the buyer', async () => {
    const before = await usdcOf(buyer)
    const quote = await h.quote('50')
    const created = await order(quote.body.quoteId)
    expect(created.status).toBe(201)
    expect(created.body.status).toBe('CREATED')
    expect(created.body.checkoutUrl).toBe(`http://api.test/sandbox/checkout/${quote.body.quoteId}`)
    const paid = await h.json<Order>(
      payment(created.body.id),
      post(paying(quote.body.quoteId, '4242 4242 4242 4242')),
    )
    expect(['PAYMENT_COMPLETE', 'DELIVERING', 'COMPLETED']).toContain(paid.body.status)
    await h.sandbox.idle()
    const done = await h.json<Order>(`/v1/onramp/orders/${created.body.id}?projectId=${projectId}`)
    expect(done.body.status).toBe('COMPLETED')
    expect(done.body.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    const minted = (await usdcOf(buyer)) - before
    expect(Number(minted) / 1e6).toBe(Number(quote.body.purchaseAmount.amount))
    const listed = await h.json<Order[]>(`${orders}&address=${buyer.toLowerCase()}`)
    expect(listed.body.map((each) => each.id)).toEqual([created.body.id])
    // Paying again charges nothing twice.
    const again = await h.json<Order>(
      payment(created.body.id),
      post(paying(quote.body.quoteId, '4242424242424242')),
    )
    expect(again.body).toMatchObject({ status: 'COMPLETED', txHash: done.body.txHash })
  })

  it('a start takes up deliveries a stop interrupted: a paid order is delivered, one sent by hash alone completes with its receipt', async () => {
    const before = await usdcOf(buyer)
    const paidOnly = await order((await h.quote('50')).body.quoteId)
    const sent = await order((await h.quote('20')).body.quoteId)
    // The first stop came after the payment; the second after a delivery went out that stored its hash
    // alone (as orders from before deliveries were stored signed did).
    await h.db.run("UPDATE onramp_orders SET status = 'PAYMENT_COMPLETE' WHERE id = ?", [paidOnly.body.id])
    const txHash = await chain.testClient.sendUnsignedTransaction({
      from: privateKeyToAccount(devPrivateKeys[1]).address,
      to: chain.fixtures.testUsdc,
      data: encodeFunctionData({ abi: testUsdcAbi, functionName: 'mint', args: [buyer, 20_000_000n] }),
    })
    await h.db.run("UPDATE onramp_orders SET status = 'DELIVERING', tx_hash = ? WHERE id = ?", [
      txHash,
      sent.body.id,
    ])

    const restarted = h.restart()
    restarted.resume()
    await restarted.idle()
    for (const id of [paidOnly.body.id, sent.body.id]) {
      const { body } = await h.json<Order>(`/v1/onramp/orders/${id}?projectId=${projectId}`)
      expect(body.status).toBe('COMPLETED')
    }
    // 50 USD less fees, and the 20 tUSDC sent before the stop: each delivered once.
    const minted = Number((await usdcOf(buyer)) - before) / 1e6
    expect(minted).toBeGreaterThan(65)
    expect(minted).toBeLessThan(70)
  })

  it('delivers tETH as a plain transfer', async () => {
    const before = await chain.publicClient.getBalance({ address: buyer })
    const quote = await h.quote('100', { purchaseCurrency: { id: 'tETH' } })
    const created = await order(quote.body.quoteId)
    await h.json(payment(created.body.id), post(paying(quote.body.quoteId, '4242424242424242')))
    await h.sandbox.idle()
    const after = await chain.publicClient.getBalance({ address: buyer })
    expect(Number(after - before) / 1e18).toBeCloseTo(Number(quote.body.purchaseAmount.amount), 12)
  })

  it('fails the order with the test card reason: declined, insufficient funds', async () => {
    for (const [number, reason] of [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ] as const) {
      const { quoteId } = (await h.quote('20')).body
      const created = await order(quoteId)
      const paid = await h.json<Order>(payment(created.body.id), post(paying(quoteId, number)))
      expect(paid.body).toMatchObject({ status: 'FAILED', failureReason: reason })
      expect(paid.body.txHash).toBeUndefined()
    }
  })

  it("the listing's ids alone cannot pay or fail an order: only the quote it was made from pays it", async () => {
    const { quoteId } = (await h.quote('20')).body
    const created = await order(quoteId)
    // Anyone may list an address's paid orders with the project's public id; an unpaid one is not listed,
    // but its id may still reach others (shared, logged), and is no key to it.
    const listed = await h.json<Order[]>(`${orders}&address=${buyer}`)
    expect(listed.body).toEqual([])
    const declined = '4000 0000 0000 0002'
    const { card } = paying(quoteId, declined)
    const otherQuote = (await h.quote('30')).body.quoteId
    await order(otherQuote)
    for (const body of [{ card }, { quoteId: otherQuote, card }, { quoteId: 'nonsense', card }]) {
      const refused = await h.json<Order>(payment(created.body.id), post(body))
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(refused.status).toBeLessThan(500)
    }
    const still = await h.json<Order>(`/v1/onramp/orders/${created.body.id}?projectId=${projectId}`)
    expect(still.body.status).toBe('CREATED')
    const paid = await h.json<Order>(payment(created.body.id), post(paying(quoteId, declined)))
    expect(paid.body).toMatchObject({ status: 'FAILED', failureReason: 'Your card was declined.' })
  })

  it('Idempotency-Key: the same request gives the same order, another request with it a 409', async () => {
    const first = (await h.quote('30')).body.quoteId
    const a = await order(first, { 'idempotency-key': 'k-1' })
    const b = await order(first, { 'idempotency-key': 'k-1' })
    expect(a.status).toBe(201)
    expect(b.status).toBe(200)
    expect(b.body.id).toBe(a.body.id)
    const second = (await h.quote('40')).body.quoteId
    expect((await order(second, { 'idempotency-key': 'k-1' })).body).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    })
    expect((await order(first, { 'idempotency-key': 'k-2' })).body).toMatchObject({ code: 'QUOTE_USED' })
    expect((await order(first)).body.id).toBe(a.body.id)
    expect((await order(second, { 'idempotency-key': 'bad key' })).status).toBe(400)
  })

  it('refuses a tampered quote id and an expired one', async () => {
    const { quoteId } = (await h.quote('50')).body
    const [prefix, terms, mac] = quoteId.split('.') as [string, string, string]
    const raised = Buffer.from(
      Buffer.from(terms, 'base64url')
        .toString()
        .replace(/"paymentCents":"5000"/, '"paymentCents":"1000"'),
    ).toString('base64url')
    expect(raised).not.toBe(terms)
    for (const forged of [
      `${prefix}.${raised}.${mac}`,
      `${prefix}.${terms}.${mac.slice(1)}A`,
      'q1.x.y',
      'nonsense',
    ]) {
      expect((await order(forged)).body).toMatchObject({ code: 'QUOTE_INVALID' })
      const page = await h.call(`/sandbox/checkout/${encodeURIComponent(forged)}`)
      expect(page.status).toBe(400)
    }
    h.clock.now += 60_001
    expect((await order(quoteId)).body).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: 'Quote has expired, ask for a new one',
    })
  })

  it("without a public URL, the checkout URL is on the request's own origin and its pages redirect on that origin", async () => {
    const { quoteId } = (await h.quote('20')).body
    const created = await order(quoteId)
    expect(created.body.checkoutUrl).toBe(`http://api.test/sandbox/checkout/${quoteId}`)
    const paid = await h.call(`/sandbox/checkout/${quoteId}`, checkoutForm('4242424242424242'))
    expect(paid.headers.get('location')).toBe(`/sandbox/orders/${created.body.id}`)
  })

  it('with a public URL, the checkout URL and the pages it leads to stay under it, its path prefix kept, whatever Host the request names', async () => {
    const proxied = await onrampHarness(await open(), chain, undefined, {
      publicUrl: 'https://pay.example/api/',
    })
    const { quoteId } = (await proxied.quote('20')).body
    const created = await proxied.json<Order>(orders, post({ quoteId }))
    const checkoutUrl = `https://pay.example/api/sandbox/checkout/${quoteId}`
    expect(created.body.checkoutUrl).toBe(checkoutUrl)
    const page = await (await proxied.call(`/sandbox/checkout/${quoteId}`)).text()
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1] ?? ''
    expect(new URL(stylesheet, checkoutUrl).href).toBe('https://pay.example/api/sandbox/checkout.css')
    const paid = await proxied.call(`/sandbox/checkout/${quoteId}`, checkoutForm('4242424242424242'))
    const orderPage = `https://pay.example/api/sandbox/orders/${created.body.id}`
    expect(paid.headers.get('location')).toBe(orderPage)
    const again = await proxied.call(`/sandbox/checkout/${quoteId}`)
    expect(again.headers.get('location')).toBe(orderPage)
    await proxied.sandbox.idle()
  })

  it('the checkout page is a form under a strict CSP with no script; paying there completes the order', async () => {
    const before = await usdcOf(buyer)
    const quote = await h.quote('75')
    const page = await h.call(`/sandbox/checkout/${quote.body.quoteId}`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(csp).not.toMatch(/script-src|unsafe-inline/)
    const html = await page.text()
    expect(html).not.toMatch(/<script|\son[a-z]+=/i)
    expect(html).toContain('<form method="post">')
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const form = new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      idempotencyKey: key,
    })
    const submit = () =>
      h.call(`/sandbox/checkout/${quote.body.quoteId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      })
    const answer = await submit()
    expect(answer.status).toBe(303)
    const location = answer.headers.get('location') ?? ''
    expect(location).toMatch(/^\/sandbox\/orders\/ord_/)
    expect((await submit()).headers.get('location')).toBe(location)
    await h.sandbox.idle()
    const status = await (await h.call(location)).text()
    expect(status).toContain('data-status="COMPLETED"')
    expect(Number((await usdcOf(buyer)) - before) / 1e6).toBe(Number(quote.body.purchaseAmount.amount))
  })
})
