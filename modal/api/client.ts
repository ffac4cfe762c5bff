import * as z from 'zod/mini'
import { type ApiFailure, apiFailures, serverTextFailure } from './serverTexts.js'

export { type ApiFailure, apiFailures } from './serverTexts.js'

/** How long one api request may take before it counts as a server failure. */
export const apiTimeoutMs = 10_000
/** Longest answer body read; anything longer is refused as a server failure rather than parsed. */
export const maxApiResponseChars = 2_000_000

export class ApiError extends Error {
  override name = 'ApiError'
  readonly failure: ApiFailure
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined
  /** A refusal's parsed JSON body, for callers that read their own error shape (the names service's reasons). */
  readonly body: unknown

  constructor(failure: ApiFailure, status?: number, cause?: unknown, body?: unknown) {
    super(apiFailures[failure], cause === undefined ? undefined : { cause })
    this.failure = failure
    this.status = status
    this.body = body
  }
}

export type ApiQuery = Record<string, string | undefined>

/** Reads of the self-hosted api for one project; every answer is checked against the caller's schema. */
export type ApiClient = {
  get<S extends z.ZodMiniType>(path: string, query: ApiQuery, schema: S): Promise<z.output<S>>
  /** `body` sent as JSON; the answer is checked as `get`'s is. */
  post<S extends z.ZodMiniType>(path: string, query: ApiQuery, body: unknown, schema: S): Promise<z.output<S>>
}

export type ApiClientOptions = {
  /** The api's base URL (createAppKit's `apiUrl`). */
  apiUrl: string
  projectId: string
  fetch: typeof fetch
  timeoutMs?: number
}

const errorBodySchema = z.object({ message: z.string() })

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? apiTimeoutMs
  const call = async <S extends z.ZodMiniType>(
    path: string,
    query: ApiQuery,
    schema: S,
    init: RequestInit,
  ): Promise<z.output<S>> => {
    const url = apiUrl(options.apiUrl, path, { ...query, projectId: options.projectId })
    const answer = await send(options.fetch, url, timeoutMs, init)
    const body = parseJson(answer.text)
    if (!answer.ok) throw new ApiError(failureOf(answer.status, body), answer.status, undefined, body)
    const parsed = z.safeParse(schema, body)
    if (!parsed.success) throw new ApiError('SERVER_ERROR', answer.status, parsed.error)
    return parsed.data
  }
  return {
    get: (path, query, schema) => call(path, query, schema, {}),
    post: (path, query, body, schema) =>
      call(path, query, schema, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  }
}

/** `path` under the base URL (keeping a base path such as `/api`), with the defined query values. */
export function apiUrl(base: string, path: string, query: ApiQuery): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`)
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value)
  return url.href
}

type Answer = { ok: boolean; status: number; text: string }

async function send(
  fetcher: typeof fetch,
  url: string,
  timeoutMs: number,
  init: RequestInit,
): Promise<Answer> {
  try {
    const response = await fetcher(url, {
      headers: { accept: 'application/json' },
      ...init,
      credentials: 'omit',
      // A redirect would carry the query (the project id, the visitor's address) to a host the app did not name.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    if (text.length > maxApiResponseChars)
      throw new Error(`answer longer than ${maxApiResponseChars} characters`)
    return { ok: response.ok, status: response.status, text }
  } catch (error) {
    // Unreachable, refused, redirected, timed out, cut off or oversized: the user can only be told the server failed.
    throw new ApiError('SERVER_ERROR', undefined, error)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A refusal's alert: the mapped server texts first, then 429 as Rate Limited; anything else is a server error. */
export function failureOf(status: number, body: unknown): ApiFailure {
  const parsed = errorBodySchema.safeParse(body)
  const mapped = parsed.success ? serverTextFailure(parsed.data.message) : undefined
  if (mapped) return mapped
  if (status === 429) return 'RATE_LIMITED'
  return 'SERVER_ERROR'
}
