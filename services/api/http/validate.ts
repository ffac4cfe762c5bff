import type { z } from 'zod'
import { zodIssue } from '../../kit/index.js'
import { ApiError } from './apiError.js'
import type { ApiRequest } from './types.js'

const invalid = (error: z.ZodError, parameter?: string) =>
  new ApiError(400, 'INVALID_REQUEST', zodIssue(error, 'request', parameter))

/** The request's query string parsed by `schema` (single values), or a 400 naming the first bad field. */
export function validQuery<S extends z.ZodType>(request: Pick<ApiRequest, 'query'>, schema: S): z.output<S> {
  const parsed = schema.safeParse(request.query())
  if (!parsed.success) throw invalid(parsed.error)
  return parsed.data
}

/**
 * The query parameter `name` parsed by `schema`, or a 400 naming it: for a route that reads one parameter,
 * without the object a whole-query schema builds.
 */
export function validParam<S extends z.ZodType>(
  request: Pick<ApiRequest, 'query'>,
  name: string,
  schema: S,
): z.output<S> {
  const parsed = schema.safeParse(request.query(name))
  if (!parsed.success) throw invalid(parsed.error, name)
  return parsed.data
}

/** `text` as JSON, or a 400. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'body: not valid JSON')
  }
}

/** A request's parsed JSON body read by `schema`, or a 400 naming the first bad field. */
export function validBody<S extends z.ZodType>(body: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw invalid(parsed.error)
  return parsed.data
}

/** `text` as JSON parsed by `schema`, or a 400: not JSON, or the first bad field. */
export function validJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  return validBody(jsonOf(text), schema)
}

/** The request's JSON body parsed by `schema`, or a 400: not JSON, or the first bad field. */
export function validJson<S extends z.ZodType>(
  request: Pick<ApiRequest, 'text'>,
  schema: S,
): Promise<z.output<S>> {
  // A `then` rather than an async function: one promise fewer on every request's path.
  return request.text().then((text) => validJsonText(text, schema))
}
