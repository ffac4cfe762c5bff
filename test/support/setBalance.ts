import { type Address, createTestClient, http } from 'viem'

/** Gives `address` exactly `wei` on the Anvil behind `rpcUrl`, such as a running stack's chain. */
export async function setBalance(rpcUrl: string, address: Address, wei: bigint): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl, { retryCount: 0 }) }).setBalance({
    address,
    value: wei,
  })
}
