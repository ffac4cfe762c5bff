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

const mintAbi = parseAbi(['function mint(address to, uint256 value)'])

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
    this.reader = createPublicClient({ chain, transport, pollingInterval: 100 })
  }

  gasPrice(): Promise<bigint> {
    return this.reader.getGasPrice()
  }

  /**
   * Sends the delivery (after those queued before it); `sent` hears the hash as soon as there is one,
   * the promise resolves when its receipt is mined and throws when it reverted or could not be sent.
   */
  deliver(request: DeliveryRequest, sent: (hash: Hex) => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
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
    return run.then((hash) => this.settled(hash))
  }

  /** Resolves when the delivery `hash` is mined; throws when it reverted or is not mined within 3 minutes. */
  async settled(hash: Hex): Promise<void> {
    const receipt = await this.reader.waitForTransactionReceipt({ hash, timeout: 180_000 })
    if (receipt.status !== 'success') throw new Error(`delivery ${hash} reverted`)
  }
}
