import { type Address, type Hex, isAddressEqual } from 'viem'

/** The native coin's address in swap token lists (AppKit's). */
export const nativeTokenAddress: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Whether `token` is the native coin (no allowance; sent as the transaction's value). */
export function isNativeToken(token: { readonly address: Address }): boolean {
  return isAddressEqual(token.address, nativeTokenAddress)
}

/** A token a swap offers, in AppKit's token-list shape. */
export type SwapToken = {
  readonly name: string
  readonly symbol: string
  readonly address: Address
  readonly decimals: number
  readonly logoUri: string
}

/** CAIP-2, e.g. `eip155:31337`. */
export type SwapChainId = `eip155:${number}`

/** What a quote is asked for: `amount` of `from` in its smallest unit, as decimal text. */
export type SwapQuoteParams = {
  readonly chainId: SwapChainId
  readonly from: SwapToken
  readonly to: SwapToken
  readonly amount: string
  readonly userAddress: Address
  readonly slippageBps: number
}

export type SwapFee = { readonly label: string; readonly amount: bigint; readonly token: SwapToken }

export type SwapQuote = {
  readonly quoteId: string
  readonly params: SwapQuoteParams
  readonly toAmount: bigint
  /** The least the swap may give: `toAmount` less the slippage; a swap giving less reverts. */
  readonly minToAmount: bigint
  /** The tokens the swap goes through, `from` first. */
  readonly route: readonly Address[]
  /** How far the quote's rate is below the pools' mid price, in basis points. */
  readonly priceImpactBps?: number
  readonly fees: readonly SwapFee[]
  readonly gasEstimate: bigint
  /** Who must be allowed to spend `from` (the router); nothing for the native coin. */
  readonly spender: Address
  /** Unix ms after which the quote is never sent. */
  readonly expiresAt: number
}

export type TxRequest = { readonly to: Address; readonly data: Hex; readonly value: bigint }

/** A swap source (research §4.3): the local Uniswap V2, or a hosted aggregator over HTTP. */
export type SwapProvider = {
  readonly id: string
  supportedChains(): readonly SwapChainId[]
  getTokens(chainId: SwapChainId): Promise<readonly SwapToken[]>
  getPrices?(chainId: SwapChainId, addresses: readonly Address[]): Promise<Record<string, number>>
  getQuote(params: SwapQuoteParams): Promise<SwapQuote>
  getAllowance(input: {
    chainId: SwapChainId
    token: Address
    owner: Address
    spender: Address
  }): Promise<bigint>
  /** Must build exactly `approve(spender, amount)` on `token`, with no value: anything else is refused. */
  buildApprove(input: {
    chainId: SwapChainId
    token: Address
    spender: Address
    amount: bigint
  }): Promise<TxRequest>
  /**
   * Must build a call to the quote's `spender` (the router the allowance is for) with the amount paid as its
   * value for the native coin, else none: anything else is refused before the wallet sees it.
   */
  buildSwap(input: {
    /** Its `minToAmount` is the floor the swap is built with: the one the visitor accepted. */
    quote: SwapQuote
    recipient: Address
    slippageBps: number
    /** Unix seconds, from the chain's latest block. */
    deadline: bigint
  }): Promise<TxRequest>
}

/** Why a swap was refused or failed; `reason` names the text to show, `detail` what the chain said. */
export type SwapFailureReason =
  | 'expired'
  | 'priceMoved'
  | 'reverted'
  | 'noRoute'
  | 'unavailable'
  | 'insufficientBalance'

export class SwapError extends Error {
  override name = 'SwapError'
  constructor(
    readonly reason: SwapFailureReason,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ? `${reason}: ${detail}` : reason, options)
  }
}
