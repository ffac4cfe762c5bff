import { describe, expect, it, vi } from 'vitest'
import { establishSession, useTestRelay, walletMetadata } from './support/harness.js'

const harness = useTestRelay()
const { pool } = harness

describe('SignClient.engine, the read-only view', () => {
  it('exposes exactly the documented keys, frozen, the same object on every read', async () => {
    const client = await pool.make(harness.relay.url)
    const view = client.engine
    expect(Object.keys(view)).toEqual(['relay'])
    expect(Object.keys(view.relay).sort()).toEqual(['clientId', 'connected', 'on', 'topics'])
    expect(client.engine).toBe(view)
    expect(Object.isFrozen(view)).toBe(true)
    expect(Object.isFrozen(view.relay)).toBe(true)
    expect(Object.isFrozen(view.relay.topics)).toBe(true)
  })

  it('refuses every write: no field is replaced, none is added, the topic list is a copy', async () => {
    const client = await pool.make(harness.relay.url)
    const view = client.engine
    const connected = view.relay.connected
    expect(() => {
      // @ts-expect-error the view is read-only
      view.relay = { ...view.relay }
    }).toThrow(TypeError)
    expect(() => {
      // @ts-expect-error the connection is read-only
      view.relay.connected = !connected
    }).toThrow(TypeError)
    expect(Reflect.set(view, 'stores', {})).toBe(false)
    expect(Reflect.set(view.relay, 'publish', () => {})).toBe(false)
    expect(() => {
      // @ts-expect-error the topics are a read-only list
      view.relay.topics.push('a'.repeat(64))
    }).toThrow(TypeError)
    expect(view.relay.connected).toBe(connected)
    expect(view.relay).not.toHaveProperty('publish')
    expect(view).not.toHaveProperty('stores')
  })

  it('shows the relay connection: the client id, the subscribed topics, the socket state and its events', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const { relay } = dapp.engine
    expect(relay.clientId).toBe(dapp.core.clientId)
    expect(relay.clientId).toMatch(/^did:key:z/)
    expect(relay.connected).toBe(true)
    expect(relay.topics).toContain(topic)

    const disconnected = vi.fn()
    const stopped = vi.fn()
    relay.on('disconnect', disconnected)
    const stop = relay.on('disconnect', stopped)
    stop()
    await dapp.close()
    expect(disconnected).toHaveBeenCalledTimes(1)
    expect(stopped).not.toHaveBeenCalled()
    expect(relay.connected).toBe(false)
  })
})
