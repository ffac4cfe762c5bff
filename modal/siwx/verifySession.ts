import { matchSiwxMessage } from '@pairwise/engine/siwx'
import type { SIWXSession } from './types.js'
import type { SiwxSignatureCheck } from './verifySignature.js'

/**
 * A session is sound when its text is the standard message for its data (every field compared, so a
 * signature over other words, another address or another chain is no session) and the signature over
 * that text checks out.
 */
export async function verifySession(session: SIWXSession, check: SiwxSignatureCheck): Promise<boolean> {
  try {
    matchSiwxMessage(session.message, session.data)
  } catch {
    return false
  }
  return check({
    chainId: session.data.chainId,
    address: session.data.accountAddress,
    message: session.message,
    signature: session.signature,
  })
}

/** Whether the session's window holds at `now`: not expired, and started when it has a Not Before. */
export function isCurrent(session: SIWXSession, now: number): boolean {
  return !isExpired(session, now) && !isNotYetValid(session, now)
}

export function isExpired(session: SIWXSession, now: number): boolean {
  const { expirationTime } = session.data
  if (expirationTime === undefined) return false
  const end = Date.parse(expirationTime)
  return Number.isNaN(end) || end <= now
}

function isNotYetValid(session: SIWXSession, now: number): boolean {
  const { notBefore } = session.data
  if (notBefore === undefined) return false
  const start = Date.parse(notBefore)
  return Number.isNaN(start) || start > now
}
