import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  parseAbi,
  type Transport,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { pause } from '../background/pause.js'

const mintAbi = parseAbi(['function mint(address to, uint256 value)'])
const receiptPollMs = 100
const settleWithinMs = 180_000

export type DeliveryRequest = { to: Address; units: bigint; token?: Address }

/** A delivery transaction signed for one order at an explicit nonce of the delivery key. */
export type SignedDelivery = { from: Address; nonce: number; raw: Hex; hash: Hex }

/** What a delivery's order keeps of it, stored before anything goes to the chain. */
export type DeliveryRecord = {
  /** The lowest nonce of `from` that no stored delivery holds (those may not have reached the chain yet). */
  nextNonce(from: Address): Promise<number>
  /**
   * Stores the signed transaction with its order: `nonce-taken` when another order holds its nonce (it is
   * then signed again at a fresh one), `not-due` when the order is no longer to be delivered.
   */
  store(signed: SignedDelivery): Promise<'stored' | 'nonce-taken' | 'not-due'>
}

/** A delivery that will never be mined as it stands; `reason` is what its order fails with. */
export class DeliveryFailure extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'DeliveryFailure'
  }
}

/**
 * Sends what orders bought from the sandbox's funded key: `mint(to, units)` on a token whose minter it
 * is, or a plain transfer of the native coin. One delivery at a time, so the key's nonces never race.
 *
 * Exactly once across a stop at any instant: each delivery is signed at a nonce of its own and stored with
 * its order before it is broadcast, and whoever settles the order later broadcasts exactly that stored
 * transaction again (the same hash) and never signs a second one for it.
 */
export class Deliverer {
  readonly address: Address
  private readonly wallet
  private readonly reader
  private queue: Promise<unknown> = Promise.resolve()

  /** `transport` speaks to the chain; by default HTTP to `rpcUrl`. */
  constructor(config: { rpcUrl: string; chainId: number; key: Hex; transport?: Transport }) {
    const chain = defineChain({
      id: config.chainId,
      name: `Chain ${config.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    })
    const transport = config.transport ?? http(config.rpcUrl, { retryCount: 0 })
    const account = privateKeyToAccount(config.key)
    this.address = account.address
    this.wallet = createWalletClient({ account, chain, transport })
    this.reader = createPublicClient({ chain, transport })
  }

  gasPrice(): Promise<bigint> {
    return this.reader.getGasPrice()
  }

  /**
   * Signs the delivery (after those queued before it) at the next nonce free both on the chain and in
   * `record`, stores it there, broadcasts it and resolves once it is mined. Resolves to false, sending
   * nothing, when at its turn the `signal` aborted (this process lost the deliveries to another) or the
   * order is no longer `due` or no longer to be stored. Throws a DeliveryFailure when it cannot be mined,
   * and any other error when it could not be signed or stored (nothing sent) or did not settle in time.
   */
  deliver(
    request: DeliveryRequest,
    record: DeliveryRecord,
    guard: { signal?: AbortSignal; due?: () => Promise<boolean> } = {},
  ): Promise<boolean> {
    const run = this.queue.then(async () => {
      if (guard.signal?.aborted || (guard.due && !(await guard.due()))) return undefined
      for (;;) {
        const [pending, free] = await Promise.all([
          this.reader.getTransactionCount({ address: this.address, blockTag: 'pending' }),
          record.nextNonce(this.address),
        ])
        const signed = await this.sign(request, Math.max(pending, free))
        if (guard.signal?.aborted) return undefined
        const stored = await record.store(signed)
        if (stored === 'not-due') return undefined
        if (stored === 'stored') {
          await this.broadcast(signed)
          return signed
        }
      }
    })
    this.queue = run.catch(() => undefined)
    return run.then(async (signed) => {
      if (signed === undefined) return false
      await this.settle(signed, guard.signal)
      return true
    })
  }

  /**
   * Resolves when the delivery is mined. A signed delivery the node does not know (never broadcast, or
   * dropped) is broadcast again as it is. Throws a DeliveryFailure when it reverted or its nonce went to
   * another transaction; any other error when it is not mined within 3 minutes (it may be still, so its
   * order waits for the next try) or `signal` aborts first (whoever holds the deliveries now settles it).
   * Without `raw` (sent before deliveries were stored signed) only its receipt is waited for.
   */
  async settle(
    delivery: SignedDelivery | { hash: Hex },
    signal = new AbortController().signal,
  ): Promise<void> {
    const { hash } = delivery
    const deadline = Date.now() + settleWithinMs
    for (;;) {
      // Not found while pending; an RPC hiccup is waited out the same way, up to the deadline.
      const receipt = await this.receipt(hash)
      if (receipt) {
        if (receipt.status !== 'success') throw new DeliveryFailure(`Delivery transaction ${hash} reverted`)
        return
      }
      if ('raw' in delivery) {
        if (!(await this.known(hash))) await this.broadcast(delivery)
        if (await this.nonceTaken(delivery))
          throw new DeliveryFailure(
            `Delivery transaction ${hash} can never be mined: nonce ${delivery.nonce} of ${delivery.from} went to another transaction`,
          )
      }
      signal.throwIfAborted()
      if (Date.now() > deadline) throw new Error(`delivery ${hash} was not mined within 3 minutes`)
      await pause(receiptPollMs, signal)
    }
  }

  private async sign(request: DeliveryRequest, nonce: number): Promise<SignedDelivery> {
    const call = request.token
      ? {
          to: request.token,
          data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [request.to, request.units] }),
        }
      : { to: request.to, value: request.units }
    const prepared = await this.wallet.prepareTransactionRequest({ ...call, nonce })
    const raw = await this.wallet.signTransaction(prepared)
    return { from: this.address, nonce, raw, hash: keccak256(raw) }
  }

  /**
   * Hands the transaction to the node. Its answer is not trusted either way: "already known" or "nonce too
   * low" may mean it is in, an RPC error that it is not; `settle` judges by the chain's state instead.
   */
  private async broadcast(signed: SignedDelivery): Promise<void> {
    await this.reader.sendRawTransaction({ serializedTransaction: signed.raw }).catch(() => undefined)
  }

  private receipt(hash: Hex) {
    return this.reader.getTransactionReceipt({ hash }).catch(() => undefined)
  }

  /** Whether the node has the transaction, pending or mined; an unanswered question counts as known (asked again next time). */
  private known(hash: Hex): Promise<boolean> {
    return this.reader.getTransaction({ hash }).then(
      () => true,
      (error: unknown) => !(error instanceof Error && error.name === 'TransactionNotFoundError'),
    )
  }

  /** Whether a transaction at the delivery's nonce was mined, and it is not the delivery. */
  private async nonceTaken(signed: SignedDelivery): Promise<boolean> {
    const mined = await this.reader
      .getTransactionCount({ address: signed.from, blockTag: 'latest' })
      .catch(() => 0)
    // Asked after the count: had the delivery been mined meanwhile, its receipt would be found now.
    return mined > signed.nonce && (await this.receipt(signed.hash)) === undefined
  }
}
