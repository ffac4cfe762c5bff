import type { Translate } from '../i18n/translate.js'
import { TokenDecimalsError } from '../send/decimals.js'
import { clipText } from '../ui/components/clipText.js'
import { MAX_ERROR_TEXT_LENGTH } from '../ui/components/errorMessage.js'
import type { en } from './texts/en.js'
import { SwapError } from './types.js'

type SwapTranslate = Translate<keyof typeof en & string>

/**
 * The text a refused or failed swap shows: the swap's own reasons, a token whose decimals its contract did
 * not confirm, else the wallet's words. A wallet's words
 * and a revert reason are cut as errorMessage cuts them (MAX_ERROR_TEXT_LENGTH).
 */
export function failureText(
  ft: SwapTranslate,
  error: unknown,
  context: { from?: string; to?: string; slippageBps: number },
): string {
  if (error instanceof TokenDecimalsError) return ft('failure.decimals', { symbol: error.symbol })
  if (!(error instanceof SwapError))
    return ft('failure.wallet', { reason: shown(error instanceof Error ? error.message : String(error)) })
  switch (error.reason) {
    case 'noRoute':
      return ft('failure.noRoute', { from: context.from ?? '', to: context.to ?? '' })
    case 'expired':
      return ft('failure.expired')
    case 'priceMoved':
      return ft('failure.priceMoved', { slippage: context.slippageBps / 100 })
    case 'reverted':
      return ft('failure.reverted', { reason: shown(error.detail ?? '') })
    default:
      return ft('failure.unavailable')
  }
}

const shown = (reason: string) => clipText(reason, MAX_ERROR_TEXT_LENGTH)
