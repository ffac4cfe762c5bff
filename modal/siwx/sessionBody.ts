import { siwxSessionSchema } from '@pairwise/engine/siwx'
import * as z from 'zod/mini'
import { SiwxError } from './errors.js'
import type { SIWXSession } from './types.js'

/**
 * The session as plain data: the modal hands over its SIWXMessage (fields plus toString) as `data`, and
 * only the schema's fields are stored or sent.
 */
export function sessionBody(session: SIWXSession): SIWXSession {
  const parsed = z.safeParse(siwxSessionSchema, session)
  if (!parsed.success)
    throw new SiwxError('INVALID_SESSION', 'The sign-in session is malformed', { cause: parsed.error })
  return parsed.data
}
