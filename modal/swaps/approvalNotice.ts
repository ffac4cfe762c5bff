import type { Translate } from '../i18n/translate.js'
import type { ReadyDraft } from './draft.js'
import type { en } from './texts/en.js'

/**
 * What the preview says of the approval that comes before the swap: the amount it allows, or, when the
 * visitor chose no limit, that it allows any, as the wallet is then asked to approve the most there is.
 */
export function approvalNotice(
  ft: Translate<keyof typeof en & string>,
  draft: ReadyDraft,
  amount: string,
): string {
  return draft.unlimited
    ? ft('approvalNeededUnlimited', { symbol: draft.from.symbol })
    : ft('approvalNeeded', { amount, symbol: draft.from.symbol })
}
