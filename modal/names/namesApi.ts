import * as z from 'zod/mini'
import type { ApiClient } from '../api/client.js'
import { isApiError } from '../api/isApiError.js'
import { NamesError, type NamesErrorCode } from './errors.js'

/** Most names a reverse lookup or a suggestion list may hold; a longer answer is refused, not rendered. */
export const maxNamesListed = 50

const addressEntrySchema = z.object({ address: z.string(), created: z.string() })

/** AppKit's name record, as the names service answers lookups, reverse lookups and registrations. */
export const nameRecordSchema = z.object({
  name: z.string(),
  registered: z.string(),
  updated: z.string(),
  addresses: z.record(z.string(), addressEntrySchema),
  attributes: z.array(z.unknown()),
})

export type NameRecord = z.output<typeof nameRecordSchema>

const suggestionsSchema = z.object({
  suggestions: z
    .array(z.object({ name: z.string(), registered: z.boolean() }))
    .check(z.maxLength(maxNamesListed)),
})

const reverseSchema = z.array(nameRecordSchema).check(z.maxLength(maxNamesListed))

/** The service's refusal: `{ status, reasons: [{ name, description }] }`. */
const refusalSchema = z.object({
  reasons: z.array(z.object({ description: z.string().check(z.minLength(1), z.maxLength(300)) })),
})

/** What `POST /v1/names` takes: the signed registration message and the coin type it is for. */
export type RegisterNameBody = { coin_type: number; address: string; message: string; signature: string }

const segment = (value: string) => encodeURIComponent(value)

/** ERR-03, ERR-04: `GET /v1/names/:name`, the record of a registered full name. */
export function lookupName(api: ApiClient, name: string): Promise<NameRecord> {
  return failingAs('RESOLVE_FAILED', api.get(`/v1/names/${segment(name)}`, {}, nameRecordSchema))
}

/** ERR-05: `GET /v1/names/suggestions/:label`, full names near `label`, the label itself first when free. */
export async function fetchSuggestions(api: ApiClient, label: string) {
  const answer = api.get(`/v1/names/suggestions/${segment(label)}`, {}, suggestionsSchema)
  return (await failingAs('SUGGESTIONS_FAILED', answer)).suggestions
}

/** ERR-06: `GET /v1/names/reverse/:address`, the names pointing at `address` (none: an empty list). */
export function reverseLookup(api: ApiClient, address: string): Promise<NameRecord[]> {
  return failingAs('REVERSE_FAILED', api.get(`/v1/names/reverse/${segment(address)}`, {}, reverseSchema))
}

/** NAME-06: `POST /v1/names`; a refusal fails with the service's reason. */
export function postName(api: ApiClient, body: RegisterNameBody, name: string): Promise<NameRecord> {
  return failingAs('REGISTER_FAILED', api.post('/v1/names', {}, body, nameRecordSchema), name)
}

/**
 * A call's failure as the names error the spec names: the first reason the service gave when it gave one,
 * else the code's own text (the answer unreachable, malformed or without reasons).
 */
async function failingAs<T>(code: NamesErrorCode, call: Promise<T>, name?: string): Promise<T> {
  try {
    return await call
  } catch (error) {
    const refusal = isApiError(error) ? z.safeParse(refusalSchema, error.body) : undefined
    const reason = refusal?.success ? refusal.data.reasons[0]?.description : undefined
    throw new NamesError(code, {
      ...(reason === undefined ? {} : { reason }),
      ...(name === undefined ? {} : { name }),
      cause: error,
    })
  }
}
