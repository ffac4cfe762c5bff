import type { z } from 'zod'
import { cappedBody } from '../../kit/index.js'

/**
 * Any failure to get a usable answer from an Esplora API: unreachable, slow, too large, not JSON, a bad
 * shape, or a refusal, whose HTTP status is kept so a caller can tell a refused question from an outage.
 */
export class EsploraError extends Error {
  override name = 'EsploraError'
  constructor(
    message: string,
    /** The status of a non-2xx answer; absent when there was no answer to read. */
    readonly status?: number,
  ) {
    super(message)
  }
}

/**
 * What the api reads a Bitcoin network through: GETs under an Esplora API's base (Blockstream's,
 * mempool.space's, the local regtest chain's), each answer checked against the caller's schema. Any
 * Esplora works; tests and operators may plug in another reader of the same paths.
 */
export type EsploraClient = {
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>
}

export type EsploraClientOptions = { timeoutMs?: number; maxResponseBytes?: number }

/**
 * The Esplora API at `baseUrl` over HTTP: each GET abandoned after `timeoutMs` (10 s), an answer larger than
 * `maxResponseBytes` (8 MiB: a page of 25 large transactions fits) refused unread, no redirect followed.
 */
export function httpEsplora(baseUrl: string, options: EsploraClientOptions = {}): EsploraClient {
  const base = baseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024
  return {
    async get(path, schema) {
      let text: string
      try {
        const response = await fetch(`${base}${path}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        })
        const body = await cappedBody(response, maxResponseBytes)
        if (body === undefined) throw new EsploraError(`${path}: the answer is too large`)
        if (!response.ok)
          throw new EsploraError(`${path}: HTTP ${response.status} ${body.slice(0, 200)}`, response.status)
        text = body
      } catch (error) {
        if (error instanceof EsploraError) throw error
        throw new EsploraError(`${path}: ${String(error)}`)
      }
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw new EsploraError(`${path}: not JSON`)
      }
      const parsed = schema.safeParse(value)
      if (!parsed.success) throw new EsploraError(`${path}: unexpected answer shape`)
      return parsed.data
    },
  }
}
