import { z } from 'zod'

/** The whole numbers a flag or env variable allows, bounds included, and what they count, as errors say it. */
export type OperatorNumberRange = { what: string; min: number; max: number }

/** A port to listen on; a command that may take any free port (0) says so with `{ ...portNumber, min: 0 }`. */
export const portNumber: OperatorNumberRange = { what: 'a port number', min: 1, max: 65535 }

/**
 * A number an operator wrote, as a schema: decimal digits only, within `range`. `Number` alone reads `''` as
 * 0 and `0x2`, `1e3`, `2.0` and ` 8` as numbers nobody wrote; `max` above `Number.MAX_SAFE_INTEGER` would
 * let digits be read rounded.
 */
export function operatorNumber(range: OperatorNumberRange) {
  return z.string().transform((text, context) => {
    const value = Number(text)
    if (/^[0-9]+$/.test(text) && value >= range.min && value <= range.max) return value
    context.addIssue({
      code: 'custom',
      message: `must be ${range.what} from ${range.min} to ${range.max}, got '${text}'`,
    })
    return z.NEVER
  })
}

/** A flag's or env variable's number; the error names `source`, what is allowed and the value given. */
export function parseOperatorNumber(text: string, source: string, range: OperatorNumberRange): number {
  const parsed = operatorNumber(range).safeParse(text)
  if (!parsed.success) throw new Error(`${source} ${parsed.error.issues[0]?.message}`)
  return parsed.data
}
