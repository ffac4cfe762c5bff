import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { pause } from '../background/pause.js'

const mintAbi = parseAbi(['function mint(address to, uint256 value)'])
const receiptPollMs = 100

export type DeliveryRequest = { to: Address; units: bigint; token?: Address }

/**
 * Sends what orders bought from the sandbox's funded key: `mint(to, units)` on a token whose minter it
 * is, or a plain transfer of the native coin. One delivery at a time, so the key's nonces never race.
 */
export class Deliverer {
  private readonly wallet
  private readonly reader
  private queue: Promise<unknown> = Promise.resolve()

  constructor(config: { rpcUrl: string; chainId: number; key: Hex }) {
    const chain = defineChain({
      id: config.chainId,
      name: `Chain ${config.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    })
    const transport = http(config.rpcUrl, { retryCount: 0 })
    this.wallet = createWalletClient({ account: privateKeyToAccount(config.key), chain, transport })
    this.reader = createPublicClient({ chain, transport })
  }

  gasPrice(): Promise<bigint> {
    return this.reader.getGasPrice()
  }

  /**
   * Sends the delivery (after those queued before it); `sent` hears the hash as soon as there is one,
   * the promise resolves when its receipt is mined and throws when it reverted or could not be sent.
   * When its turn comes, a delivery whose `signal` aborted (this process lost the deliveries to another)
   * or that is no longer `due` (delivered meanwhile) is not sent: it resolves to false.
   */
  deliver(
    request: DeliveryRequest,
    sent: (hash: Hex) => Promise<void>,
    guard: { signal?: AbortSignal; due?: () => Promise<boolean> } = {},
  ): Promise<boolean> {
    const run = this.queue.then(async () => {
      if (guard.signal?.aborted || (guard.due && !(await guard.due()))) return undefined
      const hash = request.token
        ? await this.wallet.writeContract({
            address: request.token,
            abi: mintAbi,
            functionName: 'mint',
            args: [request.to, request.units],
          })
        : await this.wallet.sendTransaction({ to: request.to, value: request.units })
      await sent(hash)
      return hash
    })
    this.queue = run.catch(() => undefined)
    return run.then(async (hash) => {
      if (hash === undefined) return false
      await this.settled(hash, guard.signal)
      return true
    })
  }

  /**
   * Resolves when the delivery `hash` is mined; throws when it reverted, is not mined within 3 minutes, or
   * `signal` aborts first (whoever holds the deliveries now waits for it instead).
   */
  async settled(hash: Hex, signal = new AbortController().signal): Promise<void> {
    const deadline = Date.now() + 180_000
    for (;;) {
      // Not found while pending; an RPC hiccup is waited out the same way, up to the deadline.
      const receipt = await this.reader.getTransactionReceipt({ hash }).catch(() => undefined)
      if (receipt) {
        if (receipt.status !== 'success') throw new Error(`delivery ${hash} reverted`)
        return
      }
      signal.throwIfAborted()
      if (Date.now() > deadline) throw new Error(`delivery ${hash} was not mined within 3 minutes`)
      await pause(receiptPollMs, signal)
    }
  }
}
