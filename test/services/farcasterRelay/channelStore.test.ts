import { describe, expect, it } from 'vitest'
import { migrate } from '../../../services/api/db/index.js'
import { ChannelStore, type NewChannel } from '../../../services/farcasterRelay/channelStore.js'
import { relayMigrations } from '../../../services/farcasterRelay/migrations.js'
import { burst, passed } from '../api/support/burst.js'
import { eachDatabase } from '../api/support/databases.js'

const now = Date.UTC(2026, 0, 10, 12)
const channelFrom = (ip: string, index: number): NewChannel => ({
  tokenHash: `${ip}-${index}`.padEnd(64, '0'),
  nonce: `nonce-${ip}-${index}`,
  domain: 'example.test',
  siweUri: 'https://example.test/login',
  url: `farcaster://connect?channelToken=${index}`,
  ip,
})

describe.each(eachDatabase())('the Farcaster relay’s channels per client on $name', ({ open }) => {
  const storeWithCap = async (channelsPerIp: number) => {
    const db = await open()
    await migrate(db, [relayMigrations])
    return { db, store: new ChannelStore(db, { channelLifeMs: 600_000, channelsPerIp }) }
  }

  it('counts every address of one IPv6 /64 as one client', async () => {
    const { store } = await storeWithCap(2)
    expect(await store.open(channelFrom('2001:db8:1:2::1', 0), now)).toBe(true)
    expect(await store.open(channelFrom('2001:db8:1:2::2', 1), now)).toBe(true)
    expect(await store.open(channelFrom('2001:db8:1:2:ffff::3', 2), now)).toBe(false)
    expect(await store.open(channelFrom('2001:db8:1:3::1', 3), now)).toBe(true)
  })

  it('opens no more than the cap for simultaneous opens from one client', async () => {
    const { db, store } = await storeWithCap(3)
    const results = await burst(db, 12, (index) => store.open(channelFrom('203.0.113.7', index), now))
    expect(passed(results).filter(Boolean)).toHaveLength(3)
  })
})
