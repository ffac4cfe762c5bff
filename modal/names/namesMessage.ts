import type { Translate } from '../i18n/translate.js'
import { type NamesErrorCode, namesErrorTexts } from './errors.js'
import type { en } from './texts/en.js'

export type NamesTranslate = Translate<keyof typeof en>

/** The service's reasons we know the words of, so they read in the visitor's language. */
const knownReasons: Record<string, keyof typeof en> = {
  'Name is already taken': 'names.reason.taken',
  'Invalid signature': 'names.reason.signature',
  'Message expired': 'names.reason.expired',
  'Name not found': 'names.reason.notFound',
  ...Object.fromEntries(
    Object.entries(namesErrorTexts).map(([code, text]) => [text, `names.error.${code as NamesErrorCode}`]),
  ),
}

/** A names error code's text in the visitor's language. */
export function namesErrorText(ft: NamesTranslate, code: NamesErrorCode, name?: string): string {
  return ft(`names.error.${code}`, name === undefined ? undefined : { name })
}

/** The service's reason (ERR-03): translated when it is one we know, else in the service's own words. */
export function reasonText(ft: NamesTranslate, reason: string): string {
  const key = knownReasons[reason]
  return key ? ft(key) : reason
}
