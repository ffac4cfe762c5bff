// The engine's and the relay protocol's wire and store checks. zod/mini weighed 30 KiB minified (8.5 KB
// gzip) of a 150 KiB browser engine, most of it machinery these schemas never use; this is 4 KiB. It is
// the subset of zod/mini's functional API they do use, with its parse semantics (unknown keys dropped, a value's
// checks skipped once its type failed, the first union member that fits) and the very issues its
// English messages (`explainIssue`) give, so every boundary refuses the same input with the same words.

import { boundText, invalidTypeText, invalidValueText } from './issueText.js'

/** One reason a value was refused: where (keys and indexes from the root), and why, in English. */
export type Issue = { code: string; path: (string | number)[]; message: string; continue?: boolean }

export type SafeParseResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; data?: undefined; error: { issues: Issue[] } }

/** Checks `value`, adding what is wrong to `issues`; returns the value as parsed. */
type Run = (value: unknown, issues: Issue[]) => unknown
/**
 * A check on a value that has its schema's type; it adds an issue per thing wrong. One with `always`
 * runs, as zod's length checks do, after a failed type too, on any value with a length.
 */
export type Check<T> = ((value: T, issues: Issue[]) => void) & { always?: true }

export interface Schema<Out> {
  /** Carries the output type only; never set. */
  readonly _output?: Out
  /** An object field the output may leave out (types only: what is absent stays absent). */
  readonly optional?: true
  readonly run: Run
  /** The same schema with more checks, run in order once the value has the type. */
  check(...checks: Check<Out>[]): Schema<Out>
  /** Takes (and ignores) zod's parse parameters, so one caller serves both kinds of schema. */
  safeParse(value: unknown, params?: unknown): SafeParseResult<Out>
  /** The parsed value, or a throw naming every issue. */
  parse(value: unknown): Out
}
export type OptionalSchema<Out> = Schema<Out> & { readonly optional: true }
export type output<S> = S extends Schema<infer Out> ? Out : never
export type { output as infer }

const hasLength = (value: unknown): value is { length: number } =>
  value !== null && value !== undefined && (value as { length?: unknown }).length !== undefined

/** Whether an issue from `start` on stops the checks that follow: any but a failed check's. */
const aborted = (issues: Issue[], start = 0) => issues.slice(start).some((issue) => !issue.continue)

const invalidType = (expected: string, value: unknown): Issue => ({
  code: 'invalid_type',
  path: [],
  message: invalidTypeText(expected, value),
})

function schema<Out>(run: Run, optional?: true): Schema<Out> {
  const made: Schema<Out> = {
    ...(optional ? { optional } : {}),
    run,
    check: (...checks) =>
      schema<Out>((value, issues) => {
        const start = issues.length
        const out = run(value, issues)
        for (const check of checks)
          if (check.always ? hasLength(out) : !aborted(issues, start)) check(out as Out, issues)
        return out
      }, optional),
    safeParse: (value) => {
      const issues: Issue[] = []
      const data = run(value, issues) as Out
      return issues.length ? { success: false, error: { issues } } : { success: true, data }
    },
    parse: (value) => {
      const parsed = made.safeParse(value)
      if (parsed.success) return parsed.data
      throw new TypeError(
        parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      )
    },
  }
  return made
}

/** Runs `inner` on `value`, putting `key` in front of the path of every issue it raises. */
function at(inner: Schema<unknown>, value: unknown, key: string | number, issues: Issue[]): unknown {
  const start = issues.length
  const out = inner.run(value, issues)
  for (let index = start; index < issues.length; index++) issues[index]?.path.unshift(key)
  return out
}

const typed = <Out>(expected: string, fits: (value: unknown) => boolean) =>
  schema<Out>((value, issues) => {
    if (!fits(value)) issues.push(invalidType(expected, value))
    return value
  })

export const string = () => typed<string>('string', (value) => typeof value === 'string')
export const boolean = () => typed<boolean>('boolean', (value) => typeof value === 'boolean')
export const bigint = () => typed<bigint>('bigint', (value) => typeof value === 'bigint')
/** A finite number: NaN and ±Infinity are refused. */
export const number = () => typed<number>('number', Number.isFinite)
export const unknown = () => schema<unknown>((value) => value)

/** A safe integer: a fraction is the wrong type, one beyond 2⁵³ out of range, in zod's words. */
export const int = () =>
  number().check((value, issues) => {
    if (!Number.isInteger(value)) issues.push(invalidType('int', value))
    else if (!Number.isSafeInteger(value))
      issues.push(
        value > 0
          ? bound('too_big', '<', Number.MAX_SAFE_INTEGER, 'int')
          : bound('too_small', '>', Number.MIN_SAFE_INTEGER, 'int'),
      )
  })

function oneOf<Out>(values: readonly unknown[]): Schema<Out> {
  const message = invalidValueText(values)
  return schema<Out>((value, issues) => {
    if (!values.includes(value)) issues.push({ code: 'invalid_value', path: [], message })
    return value
  })
}
export const literal = <const Value extends string | number | boolean>(value: Value) => oneOf<Value>([value])
const enumOf = <const Values extends readonly string[]>(values: Values) => oneOf<Values[number]>(values)
export { enumOf as enum }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Shape = Record<string, Schema<unknown>>
type Flatten<T> = { [K in keyof T]: T[K] } & {}
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S]
export type ObjectOutput<S extends Shape> = Flatten<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: output<S[K]> } & { [K in OptionalKeys<S>]?: output<S[K]> }
>
export type ObjectSchema<S extends Shape> = Schema<ObjectOutput<S>> & { readonly shape: S }

/** An object with the keys of `shape`, each checked; other keys are dropped, as newer peers add some. */
export function object<S extends Shape>(shape: S): ObjectSchema<S> {
  const keys = Object.keys(shape)
  const parsed = schema<ObjectOutput<S>>((value, issues) => {
    if (!isObject(value)) {
      issues.push(invalidType('object', value))
      return value
    }
    const out: Record<string, unknown> = {}
    for (const key of keys) {
      const field = at(shape[key] as Schema<unknown>, value[key], key, issues)
      // An optional field left out stays out; one given as undefined stays, as zod keeps it.
      if (field !== undefined || key in value) out[key] = field
    }
    return out
  })
  return { ...parsed, shape }
}

/** `base` with every field optional. */
export function partial<S extends Shape>(base: ObjectSchema<S>) {
  const shape = Object.fromEntries(Object.entries(base.shape).map(([key, field]) => [key, optional(field)]))
  return object(shape as { [K in keyof S]: OptionalSchema<output<S[K]> | undefined> })
}

export function array<Item>(item: Schema<Item>): Schema<Item[]> {
  return schema<Item[]>((value, issues) => {
    if (!Array.isArray(value)) {
      issues.push(invalidType('array', value))
      return value
    }
    // Every index, holes too, as zod reads them.
    const out: unknown[] = []
    for (let index = 0; index < value.length; index++) out.push(at(item, value[index], index, issues))
    return out
  })
}

/** zod's test of a plain object: no constructor, or one whose prototype is an object's (any realm's). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false
  const prototype = (value.constructor as { prototype?: unknown } | undefined)?.prototype
  return value.constructor === undefined || (isObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf'))
}

/** A plain object used as a map from strings; `keys` only types them, as every JSON key is a string. */
export function record<Value>(_keys: Schema<string>, item: Schema<Value>): Schema<Record<string, Value>> {
  return schema<Record<string, Value>>((value, issues) => {
    if (!isPlainObject(value)) {
      issues.push(invalidType('record', value))
      return value
    }
    const out: Record<string, unknown> = {}
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') issues.push({ code: 'invalid_key', path: [], message: 'Invalid input' })
      else if (key !== '__proto__') out[key] = at(item, value[key], key, issues)
    }
    return out
  })
}

export const optional = <Out>(inner: Schema<Out>) =>
  schema<Out | undefined>(
    (value, issues) => (value === undefined ? value : inner.run(value, issues)),
    true,
  ) as OptionalSchema<Out | undefined>

export const nullable = <Out>(inner: Schema<Out>) =>
  schema<Out | null>((value, issues) => (value === null ? value : inner.run(value, issues)))

export const nullish = <Out>(inner: Schema<Out>) => optional(nullable(inner))

/** A missing value (left out or undefined) reads as a fresh copy of `fallback`. */
export const _default = <Out>(inner: Schema<Out>, fallback: NoInfer<Out>) =>
  schema<Out>((value, issues) => {
    if (value !== undefined) return inner.run(value, issues)
    return isObject(fallback) ? { ...fallback } : Array.isArray(fallback) ? [...fallback] : fallback
  })

/** `fallback` in place of anything `inner` refuses, which then raises no issue. */
function catchOf<Inner extends Schema<unknown>, Fallback extends output<Inner>>(
  inner: Inner,
  fallback: Fallback,
) {
  return schema<output<Inner>>((value) => {
    const own: Issue[] = []
    const out = inner.run(value, own)
    return own.length ? fallback : out
  }, inner.optional) as Schema<output<Inner>> & Pick<Inner, 'optional'>
}
export { catchOf as catch }

/**
 * The first member that fits. When none does, the issues of the one member that had the type and
 * failed a check only, if exactly one did; otherwise a single "Invalid input".
 */
export function union<const Members extends readonly Schema<unknown>[]>(members: Members) {
  return schema<output<Members[number]>>((value, issues) => {
    const tried: { out: unknown; own: Issue[] }[] = []
    for (const member of members) {
      const own: Issue[] = []
      const out = member.run(value, own)
      if (!own.length) return out
      tried.push({ out, own })
    }
    const [only, ...others] = tried.filter(({ own }) => !aborted(own))
    if (only && !others.length) {
      issues.push(...only.own)
      return only.out
    }
    issues.push({ code: 'invalid_union', path: [], message: 'Invalid input' })
    return value
  })
}

/** A bound missed: `origin` is "number" or "int", or what has the length ("unknown" if neither). */
function bound(code: 'too_small' | 'too_big', comparison: string, limit: number, origin: string): Issue {
  return { code, path: [], continue: true, message: boundText(code, origin, comparison, limit) }
}

const lengthOrigin = (value: unknown) =>
  Array.isArray(value) ? 'array' : typeof value === 'string' ? 'string' : 'unknown'

function lengthCheck(
  code: 'too_small' | 'too_big',
  comparison: '>=' | '<=',
  limit: number,
  message: string | undefined,
): Check<{ length: number }> {
  const check: Check<{ length: number }> = (value, issues) => {
    if (comparison === '>=' ? value.length >= limit : value.length <= limit) return
    issues.push(withMessage(bound(code, comparison, limit, lengthOrigin(value)), message))
  }
  check.always = true
  return check
}

const withMessage = (issue: Issue, message: string | undefined): Issue =>
  message === undefined ? issue : { ...issue, message }

export const minLength = (minimum: number, message?: string) =>
  lengthCheck('too_small', '>=', minimum, message)
export const maxLength = (maximum: number, message?: string) => lengthCheck('too_big', '<=', maximum, message)

export const positive = (): Check<number> => (value, issues) => {
  if (!(value > 0)) issues.push(bound('too_small', '>', 0, 'number'))
}

export const nonnegative = (): Check<number> => (value, issues) => {
  if (!(value >= 0)) issues.push(bound('too_small', '>=', 0, 'number'))
}

export const lte =
  (maximum: number): Check<number> =>
  (value, issues) => {
    if (!(value <= maximum)) issues.push(bound('too_big', '<=', maximum, 'number'))
  }

export const regex =
  (pattern: RegExp, message?: string): Check<string> =>
  (value, issues) => {
    pattern.lastIndex = 0
    if (pattern.test(value)) return
    const issue: Issue = {
      code: 'invalid_format',
      path: [],
      continue: true,
      message: `Invalid string: must match pattern ${pattern}`,
    }
    issues.push(withMessage(issue, message))
  }

export const refine =
  <T>(fits: (value: T) => boolean, message = 'Invalid input'): Check<T> =>
  (value, issues) => {
    if (!fits(value)) issues.push({ code: 'custom', path: [], continue: true, message })
  }

export type RefinementContext = {
  addIssue(issue: { code: 'custom'; path?: (string | number)[]; message?: string; input?: unknown }): void
}

/** A check that words its own issues, each at its own path under the value. */
export const superRefine =
  <T>(refinement: (value: T, ctx: RefinementContext) => void): Check<T> =>
  (value, issues) =>
    refinement(value, {
      addIssue: ({ path = [], message = 'Invalid input' }) =>
        issues.push({ code: 'custom', path: [...path], continue: true, message }),
    })
