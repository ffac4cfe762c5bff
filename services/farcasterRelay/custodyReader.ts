import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import { farcasterIdRegistry, idRegistryAbi } from '../chain/farcasterRegistries.js'

/**
 * The fid's custody address as the IdRegistry on Optimism has it, which the relay's status reports
 * beside what the app posted (Farcaster's relay reads it from its hub). Read calls only.
 */
export class CustodyReader {
  private readonly client: PublicClient

  constructor(optimismRpcUrl: string) {
    this.client = createPublicClient({ transport: http(optimismRpcUrl, { retryCount: 1, timeout: 5000 }) })
  }

  /** The custody address, or null for an fid nobody registered. */
  async custodyOf(fid: bigint): Promise<Address | null> {
    const custody = await this.client.readContract({
      address: farcasterIdRegistry,
      abi: idRegistryAbi,
      functionName: 'custodyOf',
      args: [fid],
    })
    return /^0x0{40}$/.test(custody) ? null : custody
  }
}
