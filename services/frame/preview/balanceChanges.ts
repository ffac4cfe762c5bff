import { type Address, getAddress, isAddressEqual } from 'viem'
import { type Asset, signedText } from './amounts.js'
import type { ChainRequest } from './request.js'
import type { BalanceChange, Token } from './schemas.js'
import { tokenInfo } from './tokenInfo.js'

/** One movement of value: the native currency or an ERC-20 token (by its address). */
export type Transfer = { asset: 'native' | Address; from: Address; to: Address; value: bigint }

/**
 * The account's net change per asset over the transfers, native first, tokens as they appear; tokens
 * not among `known` have their symbol and decimals read from the chain.
 */
export async function balanceChanges(
  request: ChainRequest,
  account: Address,
  transfers: readonly Transfer[],
  native: Asset,
  known: readonly Token[],
): Promise<BalanceChange[]> {
  const deltas = new Map<'native' | Address, bigint>([['native', 0n]])
  for (const { asset, from, to, value } of transfers) {
    const key = asset === 'native' ? asset : getAddress(asset)
    let delta = deltas.get(key) ?? 0n
    if (isAddressEqual(from, account)) delta -= value
    if (isAddressEqual(to, account)) delta += value
    deltas.set(key, delta)
  }
  const changed = [...deltas].filter(([, delta]) => delta !== 0n)
  return Promise.all(
    changed.map(async ([asset, delta]) => {
      const { symbol, decimals } =
        asset === 'native'
          ? native
          : (known.find((token) => isAddressEqual(token.address, asset)) ?? (await tokenInfo(request, asset)))
      return { asset, symbol, decimals, delta, text: signedText(delta, { symbol, decimals }) }
    }),
  )
}
