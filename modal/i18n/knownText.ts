import { en, type MessageKey } from './en.js'
import type { Translate } from './translate.js'

/** Alerts and snackbars the controllers raise, by the catalogue key whose English is their exact text. */
const raisedTexts: readonly MessageKey[] = [
  'alert.INVALID_APP_CONFIGURATION',
  'alert.SESSION_EXPIRED',
  'alert.RATE_LIMITED',
  'alert.SERVER_ERROR',
  'alert.networkNotFound',
  'alert.projectIdNotConfigured',
  'alert.multiWalletNotEnabled',
  'alert.remoteFeatures',
  'account.balanceUnavailable',
]

/** A raised text's English template as a pattern whose groups are its placeholders, in order. */
function patternOf(template: string): { pattern: RegExp; names: string[] } {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')
  const source = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+)')
  return { pattern: new RegExp(`^${source}$`), names }
}

/**
 * An alert's or snackbar's text in the reader's language. Controllers raise them in English, the spec's exact
 * words (which the English catalogue holds); a text that is none of them is shown as it came.
 */
export function knownText(text: string, t: Translate): string {
  for (const key of raisedTexts) {
    const { pattern, names } = patternOf(en[key] as string)
    const match = pattern.exec(text)
    if (match) return t(key, Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])))
  }
  return text
}
