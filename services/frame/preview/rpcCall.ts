import { type Address, type Hex, toHex } from 'viem'

/** The transaction as the preview runs it: the sender is the frame's account, amounts are numbers. */
export type CallToRun = { from: Address; to?: Address; data: Hex; value: bigint; gas?: bigint }

/** The call object of `eth_call`, `eth_estimateGas` and `eth_simulateV1`. */
export function rpcCall({ from, to, data, value, gas }: CallToRun) {
  return {
    from,
    ...(to ? { to } : {}),
    data,
    value: toHex(value),
    ...(gas === undefined ? {} : { gas: toHex(gas) }),
  }
}
