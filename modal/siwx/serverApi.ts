import { siwxSessionSchema } from '@pairwise/engine/siwx'
import * as z from 'zod/mini'
import { apiUrl } from '../api/client.js'
import { SiwxError } from './errors.js'
import { sessionBody } from './sessionBody.js'
import type { SIWXSession } from './types.js'

/** How long one sign-in request may take before it counts as unreachable. */
export const siwxTimeoutMs = 10_000
/** Longest answer read; the api holds at most 32 sessions a holder, far below this. */
const MAX_RESPONSE_CHARS = 1_000_000
/** More sessions than the api ever lists for one holder; a longer list is refused, not stored. */
const MAX_LISTED_SESSIONS = 64

const expiresAtSchema = z.union([z.string(), z.number()])
const nonceSchema = z.object({
  nonce: z.string().check(z.regex(/^[0-9A-Za-z]{8,128}$/, 'nonce must be 8 to 128 alphanumerics')),
  expiresAt: expiresAtSchema,
  /** The server's time when it issued the nonce; an api of an earlier release sends none. */
  issuedAt: z.optional(z.iso.datetime()),
})
const sessionListSchema = z.array(siwxSessionSchema).check(z.maxLength(MAX_LISTED_SESSIONS))
const addedSchema = z.object({
  session: siwxSessionSchema,
  expiresAt: expiresAtSchema,
  token: z.optional(z.string().check(z.minLength(1))),
})
const replacedSchema = z.object({ sessions: sessionListSchema, token: z.optional(z.string()) })
const signedInSchema = z.object({ chainId: z.string(), address: z.string(), expiresAt: expiresAtSchema })
const meSchema = z.object({ sessions: z.array(signedInSchema).check(z.maxLength(MAX_LISTED_SESSIONS)) })
const errorSchema = z.object({ code: z.string(), message: z.string() })

/** One sign-in the api holds for this browser (`GET /siwx/me`). */
export type SiwxSignedIn = z.output<typeof signedInSchema>

export type SiwxServerApiOptions = {
  baseUrl: string
  projectId: string
  /** 'cookie' (default): an HttpOnly cookie the browser keeps; 'bearer': a token held in this object only. */
  auth: 'cookie' | 'bearer'
  fetch: typeof fetch
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * The api's `/siwx` routes for one project. In bearer mode the token lives in this instance's memory
 * only (never in localStorage, where any script on the page could read it), so a reload signs out.
 */
export class SiwxServerApi {
  readonly #options: SiwxServerApiOptions
  #token: string | undefined

  constructor(options: SiwxServerApiOptions) {
    this.#options = options
  }

  /** A new nonce, and the server's time in Unix ms when it was issued, if it says. */
  async nonce(): Promise<{ nonce: string; issuedAt: number | undefined }> {
    const { nonce, issuedAt } = await this.#read(nonceSchema, 'POST', '/siwx/nonce', {})
    return { nonce, issuedAt: issuedAt === undefined ? undefined : Date.parse(issuedAt) }
  }

  async addSession(session: SIWXSession): Promise<void> {
    const body = sessionBody(session)
    const added = await this.#read(addedSchema, 'POST', '/siwx/sessions', this.#bearerQuery(), body)
    if (added.token) this.#token = added.token
  }

  getSessions(chainId: string, address: string): Promise<SIWXSession[]> {
    return this.#read(sessionListSchema, 'GET', '/siwx/sessions', { chainId, address })
  }

  async revokeSession(chainId: string, address: string): Promise<void> {
    await this.#call('DELETE', '/siwx/sessions', { chainId, address })
  }

  async setSessions(sessions: readonly SIWXSession[]): Promise<void> {
    const body = sessions.map(sessionBody)
    const replaced = await this.#read(replacedSchema, 'PUT', '/siwx/sessions', this.#bearerQuery(), body)
    if (replaced.token) this.#token = replaced.token
    if (sessions.length === 0) this.#token = undefined
  }

  /** Who is signed in here; [] when nobody is. */
  async me(): Promise<SiwxSignedIn[]> {
    try {
      return (await this.#read(meSchema, 'GET', '/siwx/me', {})).sessions
    } catch (error) {
      if (error instanceof SiwxError && error.code === 'NOT_SIGNED_IN') return []
      throw error
    }
  }

  async signOut(): Promise<void> {
    await this.#call('POST', '/siwx/sign-out', {})
    this.#token = undefined
  }

  #bearerQuery(): Record<string, string> {
    return this.#options.auth === 'bearer' ? { auth: 'bearer' } : {}
  }

  /** The answer's JSON read through `schema`. */
  async #read<S extends z.ZodMiniType>(
    schema: S,
    method: Method,
    path: string,
    query: Record<string, string>,
    body?: unknown,
  ): Promise<z.output<S>> {
    const { status, text } = await this.#call(method, path, query, body)
    const parsed = z.safeParse(schema, parseJson(text))
    if (!parsed.success)
      throw new SiwxError(
        'INVALID_RESPONSE',
        `The sign-in server's answer to ${method} ${path} is malformed`,
        {
          status,
          cause: parsed.error,
        },
      )
    return parsed.data
  }

  /** One request; a refusal becomes a SiwxError with the server's code and message. */
  async #call(
    method: Method,
    path: string,
    query: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; text: string }> {
    const { baseUrl, projectId, auth } = this.#options
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (auth === 'bearer' && this.#token) headers.authorization = `Bearer ${this.#token}`
    const url = apiUrl(baseUrl, path, { ...query, projectId })
    const answer = await this.#send(url, {
      method,
      headers,
      credentials: auth === 'cookie' ? 'include' : 'omit',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!answer.ok) throw refusal(answer.status, answer.text)
    return answer
  }

  async #send(url: string, init: RequestInit): Promise<{ status: number; ok: boolean; text: string }> {
    try {
      const response = await this.#options.fetch(url, { ...init, signal: AbortSignal.timeout(siwxTimeoutMs) })
      const text = await response.text()
      if (text.length > MAX_RESPONSE_CHARS)
        throw new Error(`answer longer than ${MAX_RESPONSE_CHARS} characters`)
      return { status: response.status, ok: response.ok, text }
    } catch (cause) {
      throw new SiwxError('SERVER_UNREACHABLE', 'The sign-in server could not be reached', { cause })
    }
  }
}

/** The server's `{ code, message }` as a typed error; a refusal without one names only its status. */
function refusal(status: number, text: string): SiwxError {
  const parsed = z.safeParse(errorSchema, parseJson(text))
  return parsed.success
    ? new SiwxError(parsed.data.code, parsed.data.message, { status })
    : new SiwxError('INVALID_RESPONSE', `The sign-in server refused with status ${status}`, { status })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
