import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem'
import type { DemoConfig } from './config.js'

/** Where the demo's transfers go: a stack dev account, so they are easy to check. */
export const demoRecipient: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** 1 tUSD in its smallest unit (6 decimals). */
const oneTestUsd = 1_000_000n

/** The stack's Test USD on the network `chainId`, when the page was told of it. */
export function testUsdOn(config: DemoConfig, chainId: number): Address | undefined {
  return config.networks.find((n) => n.id === chainId)?.testUsd as Address | undefined
}

/** "Send two transfers in one batch": 0.01 tETH and 1 tUSD to the recipient, as EIP-5792 calls. */
export function twoTransfers(testUsd: Address): { to: Address; value?: bigint; data?: Hex }[] {
  return [
    { to: demoRecipient, value: parseEther('0.01') },
    {
      to: testUsd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [demoRecipient, oneTestUsd],
      }),
    },
  ]
}
