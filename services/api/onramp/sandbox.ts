import { createHash, randomBytes } from 'node:crypto'
import { type Address, formatUnits, getAddress, type Hex } from 'viem'
import { keptOnSuccess } from '../../kit/index.js'
import { type Database, sharedSecret } from '../db/index.js'
import type { ApiLogger } from '../http/types.js'
import { clientBudgetKey } from '../projects/clientBudget.js'
import {
  type PaymentCurrency,
  type PurchaseCurrency,
  type SandboxAsset,
  type SandboxPrices,
  sandboxAssets,
  usdPaymentCurrency,
} from './catalog.js'
import { type Deliverer, DeliveryFailure } from './delivery.js'
import { onrampErrors } from './errors.js'
import { onrampLimits } from './limits.js'
import { centsText } from './money.js'
import { type OnrampQuoteAnswer, quoteAnswer, quoteTerms } from './quote.js'
import { QuoteSigner, type QuoteTerms } from './quoteToken.js'
import { type CreateOutcome, type NewOrder, OrderStore, type StoredOrder } from './store.js'
import { chargeTestCard } from './testCards.js'

export type SandboxConfig = {
  chainId: number
  rpcUrl: string
  /** The mintable test USDC (services/chain deployFixtures' `testUsdc`). */
  testUsdc: Address
  /** The funded key that mints test USDC and sends tETH (dev account 1 on the local chain). */
  deliveryKey: Hex
  /** Signs quote ids; default the one kept in the database, which every api process on it shares. */
  quoteSecret?: Uint8Array
  prices?: SandboxPrices
}

export type OrderAnswer = {
  id: string
  status: StoredOrder['status']
  address: string
  caipNetworkId: string
  paymentMethod: string
  paymentAmount: { amount: string; currency: string }
  purchaseAmount: { amount: string; currency: string }
  txHash?: string
  failureReason?: string
  createdAt: string
  updatedAt: string
}

export type QuoteInput = {
  purchaseCurrency: string
  paymentCurrency: string
  paymentMethod: QuoteTerms['paymentMethod']
  amount: string
  caipNetworkId: string
  address: string
}

export type SandboxDeps = {
  db: Database
  logger: ApiLogger
  now: () => number
  deliverer: Deliverer
  /**
   * Where paid orders go when this sandbox does not deliver them itself: told of each payment, the process
   * holding the deliveries (maybe another) sends it. Without it, payments here are delivered here.
   */
  handOff?: () => void
  /** Aborts when this process stops holding the deliveries: nothing more is sent, receipts are left to the next holder. */
  signal?: AbortSignal
}

/**
 * The default onramp provider: prices from a table, fees, signed quotes, orders paid with test cards and
 * delivered on the local chain. Deliveries run after the payment answer; `idle()` waits for them.
 */
export class OnrampSandbox {
  readonly assets: SandboxAsset[]
  private readonly store: OrderStore
  private readonly running = new Set<Promise<void>>()
  /** Orders whose delivery runs here now: a sweep meanwhile must not start them twice. */
  private readonly delivering = new Set<string>()

  constructor(
    private readonly config: SandboxConfig,
    private readonly deps: SandboxDeps,
  ) {
    this.assets = sandboxAssets(config)
    this.store = new OrderStore(deps.db)
  }

  /** The quote signer, its secret (the configured one, else the api's shared one) read once per process. */
  private readonly quoteSigner = keptOnSuccess(async () => {
    const secret = this.config.quoteSecret ?? (await sharedSecret(this.deps.db, 'onramp_secrets', 'quote'))
    return new QuoteSigner(secret)
  })

  options(): { paymentCurrencies: PaymentCurrency[]; purchaseCurrencies: PurchaseCurrency[] } {
    return {
      paymentCurrencies: [usdPaymentCurrency],
      purchaseCurrencies: this.assets.map((asset) => asset.currency),
    }
  }

  async quote(projectId: string, input: QuoteInput): Promise<OnrampQuoteAnswer> {
    const asset = this.asset(input.purchaseCurrency)
    if (input.caipNetworkId !== `eip155:${this.config.chainId}`)
      throw onrampErrors.unsupportedNetwork(input.caipNetworkId)
    if (input.paymentCurrency !== usdPaymentCurrency.id)
      throw onrampErrors.unsupportedPaymentCurrency(input.paymentCurrency)
    const terms = quoteTerms(
      {
        projectId,
        address: getAddress(input.address),
        asset,
        chainId: this.config.chainId,
        paymentCurrency: usdPaymentCurrency,
        paymentMethod: input.paymentMethod,
        amount: input.amount,
      },
      {
        gasPriceWei: await this.deps.deliverer.gasPrice(),
        ethPriceCents: this.priceCents('tETH'),
        now: this.deps.now(),
        nonce: randomBytes(9).toString('base64url'),
      },
    )
    return quoteAnswer(terms, asset, (await this.quoteSigner()).sign(terms))
  }

  /** What the checkout shows for a quote: its order once there is one (quote expiry no longer matters), else a live quote. */
  async checkout(quoteId: string): Promise<{ terms: QuoteTerms; order?: StoredOrder }> {
    const terms = (await this.quoteSigner()).open(quoteId)
    if (!terms) throw onrampErrors.quoteInvalid()
    const now = this.deps.now()
    await this.store.expireCheckouts(now)
    const order = await this.store.findByQuote(terms, quoteId)
    if (order) return { terms, order }
    if (terms.expiresAt <= now) throw onrampErrors.quoteExpired()
    return { terms }
  }

  /**
   * The order for a quote (one per quote), created while the quote lives, found after: a retry (by quote,
   * or with the first request's Idempotency-Key) answers the order it made even once the quote expired. A
   * new order counts against `client` (the asker's address): its unpaid orders are capped beneath the project's.
   */
  async order(
    quoteId: string,
    idempotencyKey: string | undefined,
    client: string,
    projectId?: string,
  ): Promise<CreateOutcome> {
    const now = this.deps.now()
    await this.store.expireCheckouts(now)
    const terms = (await this.quoteSigner()).open(quoteId)
    if (!terms || (projectId !== undefined && terms.projectId !== projectId))
      throw onrampErrors.quoteInvalid()
    const request: NewOrder = {
      id: `ord_${randomBytes(16).toString('base64url')}`,
      quoteId,
      terms,
      idempotencyKey,
      requestHash: createHash('sha256').update(quoteId).digest('hex'),
      clientKey: clientBudgetKey(terms.projectId, client),
      now,
    }
    const earlier = await this.store.earlier(request)
    if (earlier) return earlier
    if (terms.expiresAt <= now) throw onrampErrors.quoteExpired()
    return this.store.create(request)
  }

  find(id: string): Promise<StoredOrder | undefined> {
    return this.store.find(id)
  }

  async list(projectId: string, address: string, since: number): Promise<StoredOrder[]> {
    await this.store.expireCheckouts(this.deps.now())
    return this.store.list(projectId, address, since)
  }

  /**
   * Charges the card for a CREATED order and starts its delivery; any later call answers the order as
   * it stands (a second submit of the form pays nothing twice).
   */
  async pay(order: StoredOrder, cardNumber: string): Promise<StoredOrder> {
    const { now } = this.deps
    await this.store.expireCheckouts(now())
    if (!(await this.store.transition(order.id, ['CREATED'], 'PAYMENT_PENDING', now())))
      return this.current(order.id)
    const charge = chargeTestCard(cardNumber)
    if (!charge.ok) {
      await this.store.transition(order.id, ['PAYMENT_PENDING'], 'FAILED', now(), {
        failureReason: charge.reason,
      })
      return this.current(order.id)
    }
    await this.store.markPaid(order.id, now())
    if (this.deps.handOff) this.deps.handOff()
    else this.take(order)
    return this.current(order.id)
  }

  /**
   * Takes up the deliveries a stop interrupted: a paid order is delivered, one whose delivery was signed
   * and stored is settled by broadcasting exactly that transaction again and waiting for its receipt, so
   * a stop at any instant neither loses nor doubles a delivery.
   */
  resume(): void {
    this.track(
      (async () => {
        for (const order of await this.store.undelivered(onrampLimits.resumedAtStart)) this.take(order)
      })().catch((error) => this.deps.logger.warn('onramp.resume_failed', { error: String(error) })),
    )
  }

  /**
   * The sweep's upkeep beside `resume`: checkouts left unpaid fail even when no request comes to notice
   * them, and finished orders past their keeping go (`onrampLimits.finishedKeptMs`). A failure is logged and
   * left to the next sweep.
   */
  async tidy(): Promise<void> {
    const now = this.deps.now()
    try {
      await this.store.expireCheckouts(now)
      await this.store.deleteFinished(now, onrampLimits.deletedPerSweep)
    } catch (error) {
      this.deps.logger.warn('onramp.tidy_failed', { error: String(error) })
    }
  }

  /** Resolves when every delivery started so far has settled. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }

  answer(order: StoredOrder): OrderAnswer {
    const asset = this.asset(order.currency)
    return {
      id: order.id,
      status: order.status,
      address: getAddress(order.address),
      caipNetworkId: `eip155:${order.chainId}`,
      paymentMethod: order.paymentMethod,
      paymentAmount: { amount: centsText(order.paymentCents), currency: order.paymentCurrency },
      purchaseAmount: { amount: formatUnits(order.purchaseUnits, asset.decimals), currency: order.currency },
      ...(order.txHash ? { txHash: order.txHash } : {}),
      ...(order.failureReason ? { failureReason: order.failureReason } : {}),
      createdAt: new Date(order.createdAt).toISOString(),
      updatedAt: new Date(order.updatedAt).toISOString(),
    }
  }

  /**
   * Delivers a paid order, or settles one whose delivery is stored (sent or not), unless that runs here
   * already.
   */
  private take(order: StoredOrder): void {
    if (this.delivering.has(order.id)) return
    this.delivering.add(order.id)
    const { signal } = this.deps
    const sent = order.delivery ?? (order.txHash ? { hash: order.txHash as Hex } : undefined)
    const work =
      order.status === 'DELIVERING' && sent
        ? this.settle(
            order,
            this.deps.deliverer.settle(sent, signal).then(() => true),
          )
        : this.deliver(order)
    this.track(work.finally(() => this.delivering.delete(order.id)))
  }

  private deliver(order: StoredOrder): Promise<void> {
    const { now, signal } = this.deps
    const asset = this.asset(order.currency)
    return this.settle(
      order,
      this.deps.deliverer.deliver(
        { to: getAddress(order.address), units: order.purchaseUnits, token: asset.token },
        {
          nextNonce: (from) => this.store.nextNonce(from),
          store: (signed) => this.store.storeDelivery(order.id, signed, now()),
        },
        {
          ...(signal ? { signal } : {}),
          // The order may have been read before a delivery that just ran here stored its transaction.
          due: async () => (await this.store.find(order.id))?.status === 'PAYMENT_COMPLETE',
        },
      ),
    )
  }

  /**
   * Completes the order once its delivery is mined. It fails with the reason when its transaction can never
   * be mined (reverted, nonce gone to another), and with 'Delivery failed' when none could be signed or
   * stored (nothing was sent). A delivery not sent (delivered meanwhile, or handed over) leaves the order
   * as it is, as does a hand-over mid-wait or a stored one not mined yet: the next sweep settles it.
   */
  private async settle(order: StoredOrder, delivery: Promise<boolean>): Promise<void> {
    const { now, logger, signal } = this.deps
    try {
      if (!(await delivery)) return
      await this.store.transition(order.id, ['DELIVERING'], 'COMPLETED', now())
    } catch (error) {
      if (signal?.aborted) {
        logger.info('onramp.delivery_handed_over', { order: order.id })
        return
      }
      if (error instanceof DeliveryFailure) {
        logger.warn('onramp.delivery_failed', { order: order.id, error: error.reason })
        await this.store.transition(order.id, ['DELIVERING'], 'FAILED', now(), {
          failureReason: error.reason,
        })
        return
      }
      // Only an order with no stored delivery fails here: one stored may be mined yet, and is waited for again.
      const failed = await this.store.transition(order.id, ['PAYMENT_COMPLETE'], 'FAILED', now(), {
        failureReason: 'Delivery failed',
      })
      logger.warn(failed ? 'onramp.delivery_failed' : 'onramp.delivery_unsettled', {
        order: order.id,
        error: String(error),
      })
    }
  }

  private track(work: Promise<void>): void {
    this.running.add(work)
    void work.finally(() => this.running.delete(work))
  }

  private async current(id: string): Promise<StoredOrder> {
    const order = await this.store.find(id)
    if (!order) throw onrampErrors.orderNotFound()
    return order
  }

  private asset(id: string): SandboxAsset {
    const asset = this.assets.find((each) => each.currency.id === id)
    if (!asset) throw onrampErrors.unsupportedCurrency(id)
    return asset
  }

  private priceCents(id: string): bigint {
    return this.asset(id).priceCents
  }
}
