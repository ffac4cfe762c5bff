import { parseUnits } from '../../../../modal/adapters/eip155/units.js'
import { feeOf } from '../../../../modal/send/fee.js'
import type { SendChain } from '../../../../modal/send/sendChain.js'
import type { alice } from '../../support/kit.js'

/** A chain as SendView builds one for the active account and network: a new one after each switch. */
export function chainOf(account: typeof alice): SendChain {
  return {
    account,
    parseUnits,
    decimalsOf: async (token) => token.decimals,
    balanceOf: async () => 0n,
    estimateFee: async () => feeOf(0n, { gasPrice: 0n }),
    resolveName: undefined,
    send: async () => '0x',
    waitForReceipt: async () => ({ transactionHash: '0x', blockNumber: 1n, status: 'success', gasUsed: 0n }),
  }
}
