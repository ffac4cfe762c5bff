import { expect } from '@playwright/test'
import { type Address, type PublicClient, parseEther } from 'viem'
import { tokenBalance } from '../../support/tokenBalance.js'

/** Where examples/actions' batch sends 0.01 tETH and 1 tUSD (examples/demo/src/demoTransfers.ts). */
export const batchRecipient: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * Reads the batch recipient's tETH and tUSD now; `expectOneBatch()` later checks that exactly one batch has
 * arrived since: 0.01 tETH and 1 tUSD.
 */
export async function watchBatchRecipient(
  reader: PublicClient,
  testUsd: Address,
): Promise<{ expectOneBatch(): Promise<void> }> {
  const balances = () =>
    Promise.all([
      reader.getBalance({ address: batchRecipient }),
      tokenBalance(reader, testUsd, batchRecipient),
    ])
  const [ethBefore, usdBefore] = await balances()
  return {
    async expectOneBatch() {
      const [ethAfter, usdAfter] = await balances()
      expect(ethAfter - ethBefore).toBe(parseEther('0.01'))
      expect(usdAfter - usdBefore).toBe(1_000_000n)
    },
  }
}
