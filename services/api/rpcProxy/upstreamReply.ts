import { z } from 'zod'
import { UpstreamError } from './upstreamError.js'

const errorSchema = z.looseObject({ code: z.number(), message: z.string() })

/** One upstream answer without its id: a result, or the upstream's error object as it gave it. */
export type UpstreamAnswer = { result: unknown } | { error: z.infer<typeof errorSchema> }

/** What an upstream body answers to calls sent with ids 0…n-1: each by its id, or one answer for all. */
export type UpstreamReply =
  | { kind: 'each'; answers: Map<number, UpstreamAnswer> }
  | { kind: 'all'; answer: UpstreamAnswer }

function answerOf(value: unknown): UpstreamAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if ('error' in value) {
    const error = errorSchema.safeParse(value.error)
    return error.success ? { error: error.data } : undefined
  }
  return 'result' in value ? { result: value.result } : undefined
}

/**
 * Reads the upstream's body for a batch (`batch`) or a lone call. A batch refused as a whole comes back
 * as one error object: the answer for all. Anything else that is not an answer is an UpstreamError.
 */
export function readUpstreamReply(body: string, batch: boolean): UpstreamReply {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new UpstreamError('malformed', 'its answer is not JSON')
  }
  if (Array.isArray(parsed)) {
    const answers = new Map<number, UpstreamAnswer>()
    for (const entry of parsed) {
      const answer = answerOf(entry)
      const id = typeof entry === 'object' && entry !== null && 'id' in entry ? entry.id : undefined
      if (answer && typeof id === 'number') answers.set(id, answer)
    }
    return { kind: 'each', answers }
  }
  const answer = answerOf(parsed)
  if (answer && (!batch || 'error' in answer)) return { kind: 'all', answer }
  throw new UpstreamError('malformed', `its answer is not a JSON-RPC ${batch ? 'batch ' : ''}answer`)
}
