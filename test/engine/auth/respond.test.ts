import { describe, expect, it, vi } from 'vitest'
import { buildAuthObject } from '../../../engine/index.js'
import { ADDRESS, pairedSignIn, useTestRelay, walletMetadata } from '../support/harness.js'
import { engineOf } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

describe("a wallet's approval of a sign-in with a CACAO whose signature does not check out", () => {
  it('is refused, here and to the dapp, and leaves no key behind', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { request, response } = await pairedSignIn(dapp, wallet)
    const answer = response()
    answer.catch(() => {})
    const { id, params } = request
    const keychain = engineOf(wallet).stores.keychain
    const stored = vi.spyOn(keychain, 'set')

    const forged = buildAuthObject(
      params.authPayload,
      { t: 'eip191', s: `0x${'11'.repeat(65)}` },
      `did:pkh:eip155:1:${ADDRESS}`,
    )
    await expect(wallet.approveSessionAuthenticate({ id, auths: [forged] })).rejects.toThrow(
      'Signature verification failed',
    )
    await expect(answer).rejects.toThrow('Signature verification failed')
    const tags = stored.mock.calls.map(([tag]) => tag)
    expect(tags).not.toEqual([])
    expect(tags.filter((tag) => keychain.has(tag))).toEqual([])
  })
})
