import { type Catalogue, en, type MessageKey } from './en.js'
import type { Locale } from './locales.js'
import type { Message } from './message.js'

/** Numbers in `params` are written in the locale's digits and separators; `count` also picks the form. */
export type TranslateParams = Record<string, string | number>

/**
 * A locale's texts by key (the modal's own keys unless a feature's are given); `locale` is the one to hand
 * `Intl` formatters so numbers and dates match.
 */
export type Translate<K extends string = MessageKey> = ((key: K, params?: TranslateParams) => string) & {
  readonly locale: Locale
}

/** The translator of `locale` over its `catalogue` (the modal's English when none is given). */
export function createTranslator(locale?: Locale, catalogue?: Catalogue): Translate
export function createTranslator<K extends string>(
  locale: Locale,
  catalogue: { readonly [Key in K]: Message },
): Translate<K>
export function createTranslator(
  locale: Locale = 'en',
  catalogue: { readonly [key: string]: Message } = en,
): Translate<string> {
  const plurals = new Intl.PluralRules(locale)
  const numbers = new Intl.NumberFormat(locale)
  const translate = (key: string, params?: TranslateParams) => {
    const template = pick(catalogue[key] as Message, plurals, params?.count)
    if (!params) return template
    return template.replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = params[name]
      return value === undefined ? match : typeof value === 'number' ? numbers.format(value) : value
    })
  }
  return Object.assign(translate, { locale })
}

function pick(message: Message, plurals: Intl.PluralRules, count: string | number | undefined): string {
  if (typeof message === 'string') return message
  return (typeof count === 'number' ? message[plurals.select(count)] : undefined) ?? message.other
}
