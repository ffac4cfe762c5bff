import { expect } from '@playwright/test'
import { type Address, type PublicClient, parseEther } from 'viem'
import { demoRecipient } from '../../../examples/demo/src/demoTransfers.js'
import { tokenBalance } from '../../support/tokenBalance.js'

/**
 * Reads the tETH and tUSD of the demo's recipient, where examples/actions' batch sends 0.01 tETH and 1 tUSD;
 * `expectOneBatch()` later checks that exactly one batch has arrived since.
 */
export async function watchBatchRecipient(
  reader: PublicClient,
  testUsd: Address,
): Promise<{ expectOneBatch(): Promise<void> }> {
  const balances = () =>
    Promise.all([reader.getBalance({ address: demoRecipient }), tokenBalance(reader, testUsd, demoRecipient)])
  const [ethBefore, usdBefore] = await balances()
  return {
    async expectOneBatch() {
      const [ethAfter, usdAfter] = await balances()
      expect(ethAfter - ethBefore).toBe(parseEther('0.01'))
      expect(usdAfter - usdBefore).toBe(1_000_000n)
    },
  }
}
