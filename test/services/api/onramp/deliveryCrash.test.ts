import { custom, type Hex, http, type Transport } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OrderStore } from '../../../../services/api/onramp/store.js'
import { devPrivateKeys } from '../../../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { tokenBalance } from '../../../support/tokenBalance.js'
import { eachDatabase } from '../support/databases.js'
import { buyer, chainDeliverer, type OnrampHarness, onrampHarness, post, projectId } from './onrampHarness.js'

type Order = { id: string; status: string; txHash?: string; failureReason?: string }
type Row = { status: string; tx_hash: string | null; tx_nonce: number | null; signed_tx: string | null }

const deliveryKey = privateKeyToAccount(devPrivateKeys[1]).address
const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' }
const forever = new Promise<never>(() => undefined)

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

/**
 * The chain as a holder killed at `eth_sendRawTransaction` sees it: the process dies just before the
 * request leaves, or just after it went out (before any answer). From then on nothing of it runs: every
 * request, that one included, stays unanswered forever. `crashed` resolves at that instant.
 */
function crashingTransport(when: 'before-broadcast' | 'after-broadcast'): {
  transport: Transport
  crashed: Promise<void>
} {
  const upstream = http(chain.rpcUrl, { retryCount: 0 })({})
  let dead = false
  let crash = () => {}
  const crashed = new Promise<void>((resolve) => {
    crash = resolve
  })
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      if (dead) return forever
      if (method === 'eth_sendRawTransaction') {
        if (when === 'after-broadcast') await upstream.request({ method, params } as never)
        dead = true
        crash()
        return forever
      }
      return upstream.request({ method, params } as never)
    },
  })
  return { transport, crashed }
}

describe.each(eachDatabase())('onramp deliveries across a crash on $name', ({ open }) => {
  let h: OnrampHarness
  let crash: ReturnType<typeof crashingTransport>
  const setUp = async (when: Parameters<typeof crashingTransport>[0]) => {
    crash = crashingTransport(when)
    h = await onrampHarness(await open(), chain, chainDeliverer(chain, crash.transport))
  }
  beforeEach(async () => {
    await chain.testClient.setAutomine(true)
  })
  afterEach(async () => {
    await chain.testClient.setAutomine(true)
  })

  const usdcOf = () => tokenBalance(chain.publicClient, chain.fixtures.testUsdc, buyer)
  const sentFromKey = () =>
    chain.publicClient.getTransactionCount({ address: deliveryKey, blockTag: 'latest' })
  const rowOf = (id: string) =>
    h.db.get<Row>('SELECT status, tx_hash, tx_nonce, signed_tx FROM onramp_orders WHERE id = ?', [id])
  const orderOf = async (id: string) =>
    (await h.json<Order>(`/v1/onramp/orders/${id}?projectId=${projectId}`)).body
  const knownToChain = (hash: Hex) =>
    chain.publicClient.getTransaction({ hash }).then(
      () => true,
      () => false,
    )

  /** An order for `amount` USD of tUSDC, with the units it buys. */
  async function orderFor(amount: string) {
    const quote = await h.quote(amount)
    const created = await h.json<Order>(
      `/v1/onramp/orders?projectId=${projectId}`,
      post({ quoteId: quote.body.quoteId }),
    )
    return {
      id: created.body.id,
      quoteId: quote.body.quoteId,
      units: BigInt(Math.round(Number(quote.body.purchaseAmount.amount) * 1e6)),
    }
  }
  /** Pays the order: its delivery starts on the harness's sandbox. */
  const pay = ({ id, quoteId }: { id: string; quoteId: string }) =>
    h.json<Order>(`/v1/onramp/orders/${id}/payment?projectId=${projectId}`, post({ quoteId, card }))
  const paidOrder = async (amount: string) => {
    const order = await orderFor(amount)
    await pay(order)
    return order
  }

  /** The next holder: a sandbox on the same database with a deliverer of its own, taking up what is left. */
  async function takeOver() {
    const next = h.restart(chainDeliverer(chain))
    next.resume()
    await next.idle()
  }

  it('a holder killed after storing the signed delivery and before broadcasting it: the next one broadcasts exactly that transaction, once', async () => {
    await setUp('before-broadcast')
    const [usdcBefore, keyBefore] = [await usdcOf(), await sentFromKey()]
    // Both quoted before the crash: quoting asks the (then dead) holder's chain connection for gas prices.
    const first = await orderFor('40')
    const second = await orderFor('25')
    await pay(first)
    await crash.crashed
    const stored = await rowOf(first.id)
    expect(stored).toMatchObject({ status: 'DELIVERING', tx_nonce: keyBefore })
    expect(stored?.signed_tx).toMatch(/^0x/)
    expect(await knownToChain(stored?.tx_hash as Hex)).toBe(false)
    // Paid while the dead holder's nonce is stored but not on the chain (nothing here sends it): the next
    // holder must not give it that nonce.
    await pay(second)
    expect((await rowOf(second.id))?.status).toBe('PAYMENT_COMPLETE')

    await takeOver()
    expect(await orderOf(first.id)).toMatchObject({ status: 'COMPLETED', txHash: stored?.tx_hash })
    expect(await orderOf(second.id)).toMatchObject({ status: 'COMPLETED' })
    expect((await rowOf(second.id))?.tx_nonce).toBe(keyBefore + 1)
    expect((await sentFromKey()) - keyBefore).toBe(2)
    expect((await usdcOf()) - usdcBefore).toBe(first.units + second.units)
  })

  it('a holder killed after broadcasting and before the receipt: the next one settles that transaction by its receipt, signing nothing', async () => {
    await setUp('after-broadcast')
    await chain.testClient.setAutomine(false)
    const [usdcBefore, keyBefore] = [await usdcOf(), await sentFromKey()]
    const bought = await paidOrder('30')
    await crash.crashed
    const stored = await rowOf(bought.id)
    expect(stored?.status).toBe('DELIVERING')
    expect(await knownToChain(stored?.tx_hash as Hex)).toBe(true)

    const settling = takeOver()
    await chain.testClient.mine({ blocks: 1 })
    await settling
    expect(await orderOf(bought.id)).toMatchObject({ status: 'COMPLETED', txHash: stored?.tx_hash })
    expect((await sentFromKey()) - keyBefore).toBe(1)
    expect((await usdcOf()) - usdcBefore).toBe(bought.units)
  })

  it('a stored delivery whose nonce another transaction took fails with that reason, and nothing is signed again', async () => {
    await setUp('before-broadcast')
    const [usdcBefore, keyBefore] = [await usdcOf(), await sentFromKey()]
    const bought = await paidOrder('20')
    await crash.crashed
    // Someone else spends the key's nonce the stored delivery holds.
    const other = await chain.testClient.sendUnsignedTransaction({
      from: deliveryKey,
      to: deliveryKey,
      value: 1n,
    })
    await chain.publicClient.waitForTransactionReceipt({ hash: other })

    await takeOver()
    const failed = await orderOf(bought.id)
    expect(failed.status).toBe('FAILED')
    expect(failed.failureReason).toMatch(
      new RegExp(`nonce ${keyBefore} of ${deliveryKey} went to another transaction`),
    )
    expect((await sentFromKey()) - keyBefore).toBe(1)
    expect(await usdcOf()).toBe(usdcBefore)
  })

  it('two orders never share a nonce of the delivery key, and an order stores one signed delivery only', async () => {
    await setUp('after-broadcast')
    const [a, b] = [await orderFor('10'), await orderFor('11')]
    await h.db.run("UPDATE onramp_orders SET status = 'PAYMENT_COMPLETE' WHERE id IN (?, ?)", [a.id, b.id])
    const store = new OrderStore(h.db)
    const signed = (nonce: number, hash: Hex) => ({ from: deliveryKey, nonce, raw: '0x01' as Hex, hash })
    const now = Date.now()
    expect(await store.nextNonce(deliveryKey)).toBe(0)
    expect(await store.storeDelivery(a.id, signed(7, `0x${'a'.repeat(64)}`), now)).toBe('stored')
    expect(await store.storeDelivery(b.id, signed(7, `0x${'b'.repeat(64)}`), now)).toBe('nonce-taken')
    expect(await store.nextNonce(deliveryKey)).toBe(8)
    expect(await store.storeDelivery(a.id, signed(8, `0x${'c'.repeat(64)}`), now)).toBe('not-due')
    expect(await store.storeDelivery(b.id, signed(8, `0x${'b'.repeat(64)}`), now)).toBe('stored')
    expect((await store.find(a.id))?.delivery).toEqual(signed(7, `0x${'a'.repeat(64)}`))
  })
})
