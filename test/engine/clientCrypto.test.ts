import { describe, expect, it } from 'vitest'
import { createWebCrypto } from '../../crypto/index.js'
import { nobleCrypto } from '../../crypto/noble.js'
import { SignClient } from '../../engine/index.js'
import { MemoryStorage } from '../../storage/index.js'
import { ADDRESS, establishSession, useTestRelay, walletMetadata } from './support/harness.js'

const harness = useTestRelay()
const { pool } = harness

describe('the primitives a client runs on', () => {
  it('a client on noble and one on Web Crypto pair, settle and answer a request', async () => {
    const dapp = await pool.make(harness.relay.url, { crypto: nobleCrypto })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, crypto: createWebCrypto() })
    const { topic } = await establishSession(dapp, wallet)
    wallet.on('session_request', ({ id, topic }) =>
      pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x5ig' } })),
    )
    const result = dapp.request({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68690a', ADDRESS] },
    })
    await expect(result).resolves.toBe('0x5ig')
  })

  it('keeps its relay identity across restarts whichever primitives load it', async () => {
    const storage = new MemoryStorage()
    const first = await pool.make(harness.relay.url, { storage, crypto: nobleCrypto })
    const id = first.core.clientId
    await first.close()
    const second = await pool.make(harness.relay.url, { storage })
    expect(second.core.clientId).toBe(id)
  })

  it('refuses to start on a Web Crypto without Ed25519, saying what to pass instead', async () => {
    const init = SignClient.init({
      relayUrl: harness.relay.url,
      logger: 'silent',
      crypto: createWebCrypto(null),
    })
    await expect(init).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      message: expect.stringContaining("`crypto: nobleCrypto` from '@pairwise/crypto/noble'"),
    })
  })
})
