import { describe, expect, it } from 'vitest'
import { authLimits } from '../../../services/auth/limits.js'
import { RecoveryGuard } from '../../../services/auth/recoveryGuard.js'
import { burst, passed, refusedWith } from '../api/support/burst.js'
import { eachDatabase } from '../api/support/databases.js'
import { authDatabase } from './authDatabase.js'
import { start } from './authHarness.js'

describe.each(eachDatabase())('recovery guesses on $name', ({ open }) => {
  it('simultaneous guesses for one user: exactly the limit pass, the last of them pauses recovery', async () => {
    const db = await authDatabase(await open())
    const guard = new RecoveryGuard(db, authLimits)
    // Each from its own IP, so only the per-user count can hold them.
    const results = await burst(db, 10, (i) => guard.take('user-1', `198.51.100.${i}`, start))
    const guesses = passed(results)
    expect(guesses).toHaveLength(authLimits.recoveryGuessesBeforeLockout)
    expect(guesses.filter((guess) => guess.pausedMs !== undefined)).toEqual([
      { pausedMs: authLimits.recoveryLockoutMs },
    ])
    expect(refusedWith(results)).toEqual(Array(5).fill('RECOVERY_LOCKED'))
  })
})
