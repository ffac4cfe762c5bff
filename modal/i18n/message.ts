/** The forms of a counted text, by `Intl.PluralRules` category; `other` is the one every language has. */
export type PluralForms = { readonly other: string } & {
  readonly [Category in Exclude<Intl.LDMLPluralRule, 'other'>]?: string
}

/** One catalogue entry: a text with `{placeholders}`, or the forms of a counted text. */
export type Message = string | PluralForms
