import { describe, expect, it } from 'vitest'
import { RelayCore } from '../../../relay/core/index.js'
import { RelayMethod } from '../../../relay/protocol/index.js'
import { type CoreClient, coreClient } from './support/coreClient.js'

const topic = 'cd'.repeat(32)

/** A core whose mailbox holds one message on `topic` for the wallet. */
function coreWithMessage(): RelayCore {
  const core = new RelayCore()
  coreClient(core, 'did:key:dapp').call(1, RelayMethod.publish, { topic, message: 'M1', ttl: 300 })
  return core
}

/** What the wallet, on a socket of its own, is answered when it fetches `topic`. */
async function fetchedByWallet(core: RelayCore): Promise<unknown> {
  const wallet = coreClient(core, 'did:key:wallet')
  wallet.call(1, RelayMethod.fetchMessages, { topic })
  await expect.poll(() => wallet.answers.has(1)).toBe(true)
  return wallet.answers.get(1)?.result
}

const fetchedM1 = { messages: [expect.objectContaining({ topic, message: 'M1' })], hasMore: false }

describe('irn_fetchMessages', () => {
  it('counts a page as delivered once its answer went to the socket', async () => {
    const core = coreWithMessage()
    expect(await fetchedByWallet(core)).toEqual(fetchedM1)
    expect(await fetchedByWallet(core)).toEqual({ messages: [], hasMore: false })
    expect(core.stats().messagesDelivered).toBe(1)
    await core.close()
  })

  const closed = (wallet: CoreClient) => wallet.session.closed()
  const closing = (wallet: CoreClient) => {
    wallet.socketOpen = false
  }
  it.each([
    ['closed while the store was read', closed],
    ['closing, dropping what it is sent', closing],
  ])('leaves a page for the next fetch when its socket was %s', async (_, loseSocket) => {
    const core = coreWithMessage()
    const lost = coreClient(core, 'did:key:wallet')
    lost.call(1, RelayMethod.fetchMessages, { topic })
    loseSocket(lost)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(lost.answers.size).toBe(0)
    expect(await fetchedByWallet(core)).toEqual(fetchedM1)
    await core.close()
  })
})
