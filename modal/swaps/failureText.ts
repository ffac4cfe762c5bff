import type { Translate } from '../i18n/translate.js'
import type { en } from './texts/en.js'
import { SwapError } from './types.js'

type SwapTranslate = Translate<keyof typeof en & string>

/** The text a refused or failed swap shows: the swap's own reasons, else the wallet's words. */
export function failureText(
  ft: SwapTranslate,
  error: unknown,
  context: { from?: string; to?: string; slippageBps: number },
): string {
  if (!(error instanceof SwapError))
    return ft('failure.wallet', { reason: error instanceof Error ? error.message : String(error) })
  switch (error.reason) {
    case 'noRoute':
      return ft('failure.noRoute', { from: context.from ?? '', to: context.to ?? '' })
    case 'expired':
      return ft('failure.expired')
    case 'priceMoved':
      return ft('failure.priceMoved', { slippage: context.slippageBps / 100 })
    case 'reverted':
      return ft('failure.reverted', { reason: error.detail ?? '' })
    default:
      return ft('failure.unavailable')
  }
}
