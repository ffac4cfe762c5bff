import { describe, expect, it } from 'vitest'
import { SignClientError } from '../../../engine/errors.js'
import { MAX_PROPOSAL_LIFETIME, MAX_SIGN_IN_REQUEST_LIFETIME } from '../../../engine/limits.js'
import { withHeldExpiry } from '../../../engine/proposal/expiry.js'

const now = 1_700_000_000
const clock = { now: () => now * 1000 }
const centuryAway = now + 100 * 365 * 86_400

describe('the expiry a received proposal or sign-in request is held to', () => {
  it('is the one the peer named when that is within the lifetime of its kind', () => {
    expect(withHeldExpiry(clock, { expiryTimestamp: now + 60 }, 'proposal').expiryTimestamp).toBe(now + 60)
    expect(withHeldExpiry(clock, { expiryTimestamp: now + 1800 }, 'sign-in request').expiryTimestamp).toBe(
      now + 1800,
    )
  })

  it('is cut to five minutes from now for a proposal, and an hour for a sign-in request', () => {
    expect(MAX_PROPOSAL_LIFETIME).toBe(300)
    expect(MAX_SIGN_IN_REQUEST_LIFETIME).toBe(3600)
    expect(withHeldExpiry(clock, { expiryTimestamp: centuryAway }, 'proposal').expiryTimestamp).toBe(
      now + 300,
    )
    expect(withHeldExpiry(clock, { expiryTimestamp: centuryAway }, 'sign-in request').expiryTimestamp).toBe(
      now + 3600,
    )
  })

  it('is the lifetime from now when the peer named none, and keeps the other params', () => {
    expect(withHeldExpiry(clock, { relays: [], expiryTimestamp: undefined }, 'proposal')).toEqual({
      relays: [],
      expiryTimestamp: now + 300,
    })
  })

  it('refuses one already past with EXPIRED (6)', () => {
    const held = () => withHeldExpiry(clock, { expiryTimestamp: now }, 'sign-in request')
    expect(held).toThrow(SignClientError)
    expect(held).toThrow('Expired. sign-in request expired at 1700000000')
    expect(() => withHeldExpiry(clock, { expiryTimestamp: now - 1 }, 'proposal')).toThrow(
      expect.objectContaining({ code: 6 }),
    )
  })
})
