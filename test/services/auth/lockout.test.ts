import { describe, expect, it } from 'vitest'
import { authLimits } from '../../../services/auth/limits.js'
import { Lockout } from '../../../services/auth/lockout.js'
import { burst, passed } from '../api/support/burst.js'
import { eachDatabase } from '../api/support/databases.js'
import { authDatabase } from './authDatabase.js'
import { start } from './authHarness.js'

describe.each(eachDatabase())('email lockout on $name', ({ open }) => {
  it('simultaneous wrong codes for one email lock it exactly once, at the tenth', async () => {
    const db = await authDatabase(await open())
    const lockout = new Lockout(db, authLimits)
    const results = passed(await burst(db, 10, () => lockout.fail('alice@example.com', start)))
    expect(results.filter(Boolean)).toHaveLength(1)
    await expect(lockout.check('alice@example.com', start)).rejects.toMatchObject({ code: 'EMAIL_LOCKED' })
  })
})
