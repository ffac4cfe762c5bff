import { describe, expect, it } from 'vitest'
import type { Database } from '../../../services/api/db/index.js'
import { UserStore } from '../../../services/auth/userStore.js'
import { eachDatabase } from '../api/support/databases.js'
import { authDatabase } from './authDatabase.js'

/** `db`, running `meanwhile` once its first read has answered: another request getting in just after a check. */
function afterFirstRead(db: Database, meanwhile: () => Promise<unknown>): Database {
  let pending: (() => Promise<unknown>) | undefined = meanwhile
  return new Proxy(db, {
    get(target, name, receiver) {
      if (name !== 'get') return Reflect.get(target, name, receiver)
      return async (sql: string, params?: readonly never[]) => {
        const row = await target.get(sql, params)
        const interleaved = pending
        pending = undefined
        await interleaved?.()
        return row
      }
    },
  })
}

describe.each(eachDatabase())('moving a user to another email on $name', ({ open }) => {
  it('answers that the address is taken when another user takes it between the check and the move', async () => {
    const db = await authDatabase(await open())
    const users = new UserStore(db, 3)
    const ann = await users.ensure('ann@example.com', 0)
    const bob = await users.ensure('bob@example.com', 0)
    const racing = new UserStore(
      afterFirstRead(db, () => users.changeEmail(bob.id, 'new@example.com')),
      3,
    )

    await expect(racing.changeEmail(ann.id, 'new@example.com')).resolves.toBe(false)
    expect(await users.byEmail('new@example.com')).toEqual({ id: bob.id, email: 'new@example.com' })
    expect(await users.byId(ann.id)).toEqual({ id: ann.id, email: 'ann@example.com' })
  })

  it('moves the user when nobody holds the address', async () => {
    const users = new UserStore(await authDatabase(await open()), 3)
    const ann = await users.ensure('ann@example.com', 0)

    await expect(users.changeEmail(ann.id, 'new@example.com')).resolves.toBe(true)
    expect(await users.byId(ann.id)).toEqual({ id: ann.id, email: 'new@example.com' })
  })
})
