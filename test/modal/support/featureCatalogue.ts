import { expect } from 'vitest'

/** The `{placeholders}` of a text, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

/** A feature's catalogue in another language holds every key of English, each a text with English's placeholders. */
export function expectTranslatedLike(
  catalogue: Record<string, unknown>,
  english: Record<string, string>,
): void {
  expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort())
  for (const [key, englishText] of Object.entries(english)) {
    const text = catalogue[key]
    expect(typeof text, key).toBe('string')
    expect((text as string).trim(), key).not.toBe('')
    expect(placeholders(text as string), key).toEqual(placeholders(englishText))
  }
}
