import { describe, expect, it } from 'vitest'
import { openWebSocket, type SocketFactory } from '../../relay/client/index.js'
import { SignMethodPolicies } from '../../relay/protocol/index.js'
import { ADDRESS, establishSession, nextEvent, useTestRelay, walletMetadata } from './support/harness.js'

/** A socket factory that keeps every frame the client sends. */
function recordingSockets(frames: string[]): SocketFactory {
  return (url, events) => {
    const socket = openWebSocket(url, events)
    return {
      ...socket,
      send: (text) => {
        frames.push(text)
        socket.send(text)
      },
    }
  }
}

type Publish = { method: string; params: { tag?: number; ttl?: number } }
const publishesTagged = (frames: string[], tag: number) =>
  frames
    .map((frame) => JSON.parse(frame) as Publish)
    .filter((call) => call.method === 'irn_publish' && call.params.tag === tag)

describe('a session request', () => {
  const test = useTestRelay()

  it('CONST-30 lives 300 s: its publish and its answer carry ttl 300 and the wallet sees it expire 300 s on', async () => {
    const dappFrames: string[] = []
    const walletFrames: string[] = []
    const dapp = await test.pool.make(test.relay.url, {
      relay: { createSocket: recordingSockets(dappFrames) },
    })
    const wallet = await test.pool.make(test.relay.url, {
      metadata: walletMetadata,
      relay: { createSocket: recordingSockets(walletFrames) },
    })
    const { topic } = await establishSession(dapp, wallet)
    const asked = nextEvent(wallet, 'session_request')
    const result = dapp.request<string>({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    const sentAt = Math.floor(Date.now() / 1000)
    const { id, params } = await asked
    expect(params.request.expiryTimestamp).toBeGreaterThanOrEqual(sentAt + 300 - 1)
    expect(params.request.expiryTimestamp).toBeLessThanOrEqual(sentAt + 300 + 1)
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0xsigned' } })
    expect(await result).toBe('0xsigned')

    const { request, response } = SignMethodPolicies.wc_sessionRequest
    expect([request.ttl, response.ttl]).toEqual([300, 300])
    expect(publishesTagged(dappFrames, request.tag).map((call) => call.params.ttl)).toEqual([300])
    expect(publishesTagged(walletFrames, response.tag).map((call) => call.params.ttl)).toEqual([300])
  })
})
