import { isUserRejection, WalletError, walletErrors } from '../../controllers/errors.js'
import type { Translate } from '../../i18n/translate.js'
import { clipText } from './clipText.js'

/**
 * Longest failure text shown: a wallet's reason or a revert reason is a sentence or two, while a wallet or a
 * contract can send a megabyte of it, which would fill the view and push its buttons out of reach.
 */
export const MAX_ERROR_TEXT_LENGTH = 200

/**
 * What a view says about a failure, in the reader's language: our errors by their code's text (in English
 * the error's own message, which is that text plus any detail, a revert reason say), a wallet's refusal
 * (EIP-1193 4001) as a refusal, and anything else by the words it came with (a wallet's or a relay's, which
 * we cannot translate), else the generic text; cut to MAX_ERROR_TEXT_LENGTH.
 */
export function errorMessage(error: unknown, t: Translate): string {
  return clipText(failureText(error, t), MAX_ERROR_TEXT_LENGTH)
}

function failureText(error: unknown, t: Translate): string {
  if (error instanceof WalletError) {
    const text = t(`error.${error.code}`)
    return text === walletErrors[error.code] ? error.message : text
  }
  if (isUserRejection(error)) return t('error.USER_REJECTED')
  return error instanceof Error && error.message ? error.message : t('error.generic')
}
