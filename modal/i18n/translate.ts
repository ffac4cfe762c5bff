import { type Catalogue, en, type MessageKey } from './en.js'

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/** English is complete; another locale's catalogue may leave keys out and falls back to English. */
export function createTranslator(
  locale = 'en',
  catalogues: Record<string, Partial<Catalogue>> = {},
): Translate {
  const language = locale.toLowerCase()
  const chosen = catalogues[language] ?? catalogues[language.split('-')[0] ?? ''] ?? {}
  return (key, params) => {
    const template = chosen[key] ?? en[key]
    return params
      ? template.replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match))
      : template
  }
}
