import { describe, expect, it } from 'vitest'
import { SignClient } from '../../engine/index.js'
import { openWebSocket, type SocketFactory } from '../../relay/client/index.js'
import { dappMetadata, useTestRelay } from './support/harness.js'

describe('SignClient.initialize', () => {
  const test = useTestRelay()

  it('called twice at once starts one engine: one relay socket, one context', async () => {
    let sockets = 0
    const createSocket: SocketFactory = (url, events) => {
      sockets++
      return openWebSocket(url, events)
    }
    const client = new SignClient({
      relayUrl: test.relay.url,
      projectId: 'test',
      metadata: dappMetadata,
      logger: 'silent',
      relay: { createSocket },
    })
    await Promise.all([client.initialize(), client.initialize()])
    const engine = client.engine
    await client.initialize()
    try {
      expect(client.engine).toBe(engine)
      await client.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: [], events: [] } },
      })
      expect(sockets).toBe(1)
    } finally {
      await client.close()
    }
  })
})
