import { type Address, encodeFunctionData, erc20Abi, type Hex, isAddressEqual, maxUint256 } from 'viem'
import type { Clock } from '../core/ports.js'
import type { DecimalsOf } from '../send/decimals.js'
import { assertListedDecimals } from './listedDecimals.js'
import {
  isNativeToken,
  type SwapChainId,
  SwapError,
  type SwapProvider,
  type SwapQuote,
  type SwapQuoteParams,
  type TxRequest,
} from './types.js'

/** AppKit re-quotes every 10 s while the swap or its preview shows. */
export const requoteMs = 10_000

/** A swap must be mined within 20 minutes of the chain's latest block. */
export const swapDeadlineSeconds = 1_200n

/** What a swap needs of the wallet and the chain: the kit's EVM adapter provides it (swapWallet.ts), tests fake it. */
export type SwapWallet = {
  readonly account: Address
  /** The network the account sends on. */
  readonly chainId: SwapChainId
  /** A token's decimals as its contract reports them, which the token list's are checked against. */
  readonly decimalsOf: DecimalsOf
  /** The latest block's timestamp, in seconds: deadlines follow chain time, which tests may shift. */
  latestBlockTime(): Promise<bigint>
  /** Runs `tx` from the account without sending it; throws SwapError('reverted', reason) when it would revert. */
  simulate(tx: TxRequest): Promise<void>
  /** Asks the wallet to send `tx`; resolves with its hash. */
  send(tx: TxRequest): Promise<Hex>
  waitForReceipt(hash: Hex): Promise<unknown>
}

export type SwapStep =
  | { step: 'approving' }
  | { step: 'approvalPending'; hash: Hex }
  | { step: 'swapping' }
  | { step: 'swapPending'; hash: Hex }

export type SwapResult = { hash: Hex; approvalHash?: Hex; quote: SwapQuote }

/** Refuses a quote past its expiry: it is never sent. */
export function assertFresh(quote: SwapQuote, now: number): void {
  if (now > quote.expiresAt) throw new SwapError('expired')
}

/** Whether `fresh` still gives at least what the visitor accepted with `accepted` (its slippage floor). */
export function withinSlippage(accepted: SwapQuote, fresh: SwapQuote): boolean {
  return fresh.toAmount >= accepted.minToAmount
}

/** Names everything a quote is asked for: two params with one key get the same quote. */
export function quoteKey(params: SwapQuoteParams): string {
  const { chainId, from, to, amount, slippageBps, userAddress } = params
  return `${chainId}/${from.address}/${to.address}/${amount}/${slippageBps}/${userAddress}`
}

/**
 * `accepted` while the preview asks for what it was asked for (`params`), else undefined: once the visitor
 * switched account or network in the wallet, the quote accepted before is neither shown nor the slippage
 * floor the new wallet's quote is held to.
 */
export function acceptedFor(
  accepted: SwapQuote | undefined,
  params: SwapQuoteParams | undefined,
): SwapQuote | undefined {
  return accepted && params && quoteKey(accepted.params) === quoteKey(params) ? accepted : undefined
}

/**
 * Refuses a quote asked for another account or network than the wallet's: the visitor switched in the wallet
 * while the preview showed, and the swap built would pay from another account, or on another chain with the
 * tokens and router of the first. The preview's next quote is for the wallet as it is now.
 */
function assertSameWallet(quote: SwapQuote, wallet: SwapWallet): void {
  const { chainId, userAddress } = quote.params
  if (chainId !== wallet.chainId || !isAddressEqual(userAddress, wallet.account))
    throw new SwapError('expired', 'the quote was for another account or network')
}

/**
 * Sends the swap the visitor accepted as `accepted`: a quote for another account or network than the
 * wallet's, an expired one, or one of a token listed with other decimals than its contract's is refused; a
 * token whose allowance falls short is approved first (the exact amount unless `unlimited`), its receipt
 * awaited; then the swap is quoted again, refused when the price moved past the accepted slippage, built
 * with the accepted minimum, simulated (a revert refused with its reason) and only then sent to the wallet.
 * An approve or a swap the provider built other than asked (spender, amount, value) is refused before the
 * wallet sees it.
 */
export async function executeSwap(input: {
  provider: SwapProvider
  wallet: SwapWallet
  accepted: SwapQuote
  unlimited: boolean
  now: () => number
  onStep?: (step: SwapStep) => void
}): Promise<SwapResult> {
  const { provider, wallet, accepted } = input
  const onStep = input.onStep ?? (() => {})
  assertSameWallet(accepted, wallet)
  assertFresh(accepted, input.now())
  const { params } = accepted
  await assertListedDecimals(wallet.decimalsOf, params)
  const amount = BigInt(params.amount)
  let approvalHash: Hex | undefined
  if (!isNativeToken(params.from)) {
    const allowance = await provider.getAllowance({
      chainId: params.chainId,
      token: params.from.address,
      owner: wallet.account,
      spender: accepted.spender,
    })
    if (allowance < amount) {
      onStep({ step: 'approving' })
      const allowed = input.unlimited ? maxUint256 : amount
      const approve = await provider.buildApprove({
        chainId: params.chainId,
        token: params.from.address,
        spender: accepted.spender,
        amount: allowed,
      })
      // A provider over HTTP builds the approve: one to another spender or for more would pass simulation.
      assertApprove(approve, params.from.address, accepted.spender, allowed)
      await wallet.simulate(approve)
      approvalHash = await wallet.send(approve)
      onStep({ step: 'approvalPending', hash: approvalHash })
      await wallet.waitForReceipt(approvalHash)
    }
  }
  const fresh = await provider.getQuote(params)
  if (!withinSlippage(accepted, fresh)) throw new SwapError('priceMoved')
  const deadline = (await wallet.latestBlockTime()) + swapDeadlineSeconds
  // The preview showed the accepted minimum; the fresh quote's own, lower within the slippage, is not signed.
  const tx = await provider.buildSwap({
    quote: { ...fresh, minToAmount: accepted.minToAmount },
    recipient: wallet.account,
    slippageBps: params.slippageBps,
    deadline,
  })
  assertSwapTx(tx, accepted, amount)
  assertFresh(fresh, input.now())
  await wallet.simulate(tx)
  onStep({ step: 'swapping' })
  const hash = await wallet.send(tx)
  onStep({ step: 'swapPending', hash })
  await wallet.waitForReceipt(hash)
  return { hash, quote: fresh, ...(approvalHash ? { approvalHash } : {}) }
}

/** Refuses an approve that is not `approve(spender, amount)` on `token`, with no value. */
function assertApprove(tx: TxRequest, token: Address, spender: Address, amount: bigint): void {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
  if (!isAddressEqual(tx.to, token) || tx.data.toLowerCase() !== data || tx.value !== 0n)
    throw new SwapError('unavailable', 'the approval built is not the one the swap needs')
}

/**
 * Refuses a swap transaction that is not sent to the spender the swap was approved for (a call to the token
 * itself could transfer it away) or whose value is not what the preview showed: the amount for the native
 * coin, none for a token.
 */
function assertSwapTx(tx: TxRequest, accepted: SwapQuote, amount: bigint): void {
  const value = isNativeToken(accepted.params.from) ? amount : 0n
  if (!isAddressEqual(tx.to, accepted.spender) || tx.value !== value)
    throw new SwapError('unavailable', 'the swap built is not the one the preview showed')
}

/**
 * Quotes `params` now and again every `requoteMs` on `clock` until stopped; each answer or failure is
 * reported, a late answer after stop is dropped. A token listed with other decimals than its contract's
 * (read through `decimalsOf`) is not quoted: the amount asked for is not the one typed.
 */
export function watchQuote(input: {
  provider: SwapProvider
  decimalsOf: DecimalsOf
  params: SwapQuoteParams
  clock: Clock
  onQuote: (quote: SwapQuote) => void
  onError: (error: unknown) => void
}): () => void {
  let stopped = false
  let timer: unknown
  const run = () => {
    assertListedDecimals(input.decimalsOf, input.params)
      .then(() => input.provider.getQuote(input.params))
      .then(
        (quote) => {
          if (!stopped) input.onQuote(quote)
        },
        (error: unknown) => {
          if (!stopped) input.onError(error)
        },
      )
    timer = input.clock.setTimeout(run, requoteMs)
  }
  run()
  return () => {
    stopped = true
    input.clock.clearTimeout(timer)
  }
}
