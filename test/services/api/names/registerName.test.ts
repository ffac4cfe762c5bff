import { recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../../services/api/db/index.js'
import { NameStore, NamesError, namesMigrations, registerName } from '../../../../services/api/names/index.js'
import { eachDatabase } from '../support/databases.js'

const zone = 'pairwise.eth'
const chainId = 31337
const nowMs = Date.UTC(2026, 0, 10, 12)
const timestamp = Math.floor(nowMs / 1000)

describe('registerName', () => {
  const [sqlite] = eachDatabase()

  async function registering(message: string) {
    const db = await (sqlite as NonNullable<typeof sqlite>).open()
    await migrate(db, [namesMigrations])
    const store = new NameStore(db)
    const account = privateKeyToAccount(generatePrivateKey())
    const outcome = registerName(
      {
        coin_type: (0x80000000 | chainId) >>> 0,
        address: account.address,
        message,
        signature: await account.signMessage({ message }),
      },
      {
        store,
        zone,
        chainIds: new Set([chainId]),
        verify: async ({ address, message, signature }) =>
          (await recoverMessageAddress({ message, signature: signature as `0x${string}` })) === address,
        nowMs,
        maxNames: 10,
      },
    ).catch((error: unknown) => error)
    return { outcome: await outcome, store }
  }

  it('registers only a message written as JSON.stringify({ name, attributes, timestamp }), so the text signed reads as the name registered', async () => {
    const shown = `alice-shown.${zone}`
    const applied = `bob-applied.${zone}`
    const unlike = [
      // Repeated keys: a reader sees the first name, JSON.parse keeps the last.
      `{"name":"${shown}","name":"${applied}","attributes":{},"timestamp":${timestamp}}`,
      // Escapes: the wallet shows \u0062ob-applied, not the name.
      `{"name":"\\u0062ob-applied.${zone}","attributes":{},"timestamp":${timestamp}}`,
      // A key the service drops, and padding that pushes the name out of view.
      `{"note":"registers ${shown}","name":"${applied}","attributes":{},"timestamp":${timestamp}}`,
      `{${' '.repeat(400)}"name":"${applied}","attributes":{},"timestamp":${timestamp}}`,
    ]
    for (const message of unlike) {
      const { outcome, store } = await registering(message)
      expect(outcome, message).toBeInstanceOf(NamesError)
      expect((outcome as NamesError).status, message).toBe(400)
      expect((outcome as NamesError).code, message).toBe('INVALID_REQUEST')
      expect(await store.byName(applied), message).toBeUndefined()
    }
    const { outcome } = await registering(JSON.stringify({ name: applied, attributes: {}, timestamp }))
    expect(outcome).toMatchObject({ name: applied })
  })

  it('refuses a message asking for attributes, which names do not hold, so nothing signed goes unapplied', async () => {
    const name = `carol-attrs.${zone}`
    for (const attributes of [{ avatar: 'https://evil.test/a.png' }, { 'addr.60': '0x01' }, [], null]) {
      const message = JSON.stringify({ name, attributes, timestamp })
      const { outcome, store } = await registering(message)
      expect(outcome, message).toBeInstanceOf(NamesError)
      expect((outcome as NamesError).code, message).toBe('INVALID_REQUEST')
      expect((outcome as NamesError).message, message).toBe(
        'message: attributes must be {}: names hold no attributes',
      )
      expect(await store.byName(name), message).toBeUndefined()
    }
  })
})
