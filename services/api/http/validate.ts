import type { z } from 'zod'
import { ApiError } from './apiError.js'
import type { ApiRequest } from './types.js'

function invalid(error: z.ZodError): ApiError {
  const issue = error.issues[0]
  const field = issue?.path.join('.') || 'request'
  return new ApiError(400, 'INVALID_REQUEST', `${field}: ${issue?.message ?? 'invalid'}`)
}

/** The request's query string parsed by `schema` (single values), or a 400 naming the first bad field. */
export function validQuery<S extends z.ZodType>(request: Pick<ApiRequest, 'query'>, schema: S): z.output<S> {
  const parsed = schema.safeParse(request.query())
  if (!parsed.success) throw invalid(parsed.error)
  return parsed.data
}

/** `text` as JSON parsed by `schema`, or a 400: not JSON, or the first bad field. */
export function validJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'body: not valid JSON')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw invalid(parsed.error)
  return parsed.data
}

/** The request's JSON body parsed by `schema`, or a 400: not JSON, or the first bad field. */
export async function validJson<S extends z.ZodType>(
  request: Pick<ApiRequest, 'text'>,
  schema: S,
): Promise<z.output<S>> {
  return validJsonText(await request.text(), schema)
}
