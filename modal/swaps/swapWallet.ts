import { type Address, BaseError, type Client, decodeErrorResult, type Hex, isHex } from 'viem'
import { call, getBlock } from 'viem/actions'
import type { Eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import type { ChainAdapter, WalletCall } from '../adapters/types.js'
import type { CaipNetwork } from '../networks/types.js'
import { contractDecimals } from '../send/decimals.js'
import type { SwapWallet } from './swapFlow.js'
import { SwapError } from './types.js'

type EvmActions = Pick<
  Eip155Adapter,
  'chainClient' | 'sendTransaction' | 'waitForTransactionReceipt' | 'parseUnits'
>

/** What the chain said when a call reverted: the `Error(string)` reason, else viem's short message. */
export function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const withData = error.walk((cause) => isHex((cause as { data?: unknown }).data))
    const data = (withData as { data?: Hex } | null)?.data
    if (data && data.length > 2) {
      try {
        const decoded = decodeErrorResult({ abi: [], data })
        const [first] = decoded.args ?? []
        if (typeof first === 'string' || typeof first === 'bigint') return String(first)
      } catch {
        // Custom errors the swap knows no ABI for: the message below names them.
      }
    }
    return error.shortMessage
  }
  return error instanceof Error ? error.message : String(error)
}

export type KitSwapWallet = SwapWallet & {
  readonly client: Client
  readonly network: CaipNetwork
  /** ERR-48: decimal text in the token's smallest unit; undefined when it is no amount. */
  parseAmount(value: string, decimals: number): bigint | undefined
}

/**
 * Swapping as `from` (an EVM account on a network, through the wallet that holds it) through the kit's
 * adapter: undefined when the adapter cannot send.
 */
export function evmSwapWallet(
  adapter: ChainAdapter | undefined,
  from: WalletCall,
): KitSwapWallet | undefined {
  const actions = adapter as Partial<EvmActions> | undefined
  if (
    typeof actions?.chainClient !== 'function' ||
    typeof actions.sendTransaction !== 'function' ||
    typeof actions.waitForTransactionReceipt !== 'function' ||
    typeof actions.parseUnits !== 'function'
  )
    return undefined
  const evm = actions as EvmActions
  const { network } = from
  const address = from.address as Address
  const client = evm.chainClient(network)
  const contracts = contractDecimals(client)
  return {
    account: address,
    client,
    network,
    chainId: `eip155:${Number(network.id)}`,
    // The native coin has no contract: its decimals are the network's, not those the api's list gives it (24
    // listed for an 18-decimal coin would pay a million times the amount typed and shown).
    decimalsOf: (token) =>
      token.contract ? contracts(token) : Promise.resolve(network.nativeCurrency.decimals),
    parseAmount: (value: string, decimals: number) => {
      try {
        return evm.parseUnits({ value, decimals })
      } catch {
        return undefined
      }
    },
    latestBlockTime: async () => (await getBlock(client, { blockTag: 'latest' })).timestamp,
    async simulate(tx) {
      try {
        await call(client, { account: address, to: tx.to, data: tx.data, value: tx.value })
      } catch (error) {
        throw new SwapError('reverted', revertReason(error), { cause: error })
      }
    },
    send: (tx) =>
      evm.sendTransaction({
        ...from,
        transaction: { to: tx.to, data: tx.data, value: tx.value },
      }),
    waitForReceipt: (hash) => evm.waitForTransactionReceipt({ network, hash }),
  }
}
