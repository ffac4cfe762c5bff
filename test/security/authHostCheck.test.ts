import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eachDatabase } from '../services/api/support/databases.js'
import { type AuthHarness, authHarness } from '../services/auth/authHarness.js'
import { getWithHost } from './support/getWithHost.js'

const [sqlite] = eachDatabase()

describe('the auth service refuses Host names it does not answer to (DNS rebinding)', () => {
  let h: AuthHarness
  let port: string
  beforeAll(async () => {
    h = await authHarness(
      await (sqlite as NonNullable<typeof sqlite>).open(),
      {},
      {
        publicUrl: 'https://wallet.example.com',
      },
    )
    port = new URL(h.auth.url).port
  })
  afterAll(() => h.auth.close())

  const approvePath = `/auth/v1/device/approve?token=${'a'.repeat(43)}`

  it('answers 421 to a page whose domain was rebound to the loopback address', async () => {
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `wallet.example.com.attacker.example`,
    ]) {
      const answer = await getWithHost(`${h.auth.url}${approvePath}`, host)
      expect(answer.status, host).toBe(421)
      expect(answer.body).not.toContain('Link not valid')
    }
  })

  it('answers its listen address, its localhost twin and its public name', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'wallet.example.com'])
      expect((await getWithHost(`${h.auth.url}${approvePath}`, host)).status, host).toBe(410)
  })
})
