import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { frameProtocolVersion, maxFrameMessageLength } from '../../../engine/frame/index.js'
import {
  FrameFailure,
  type Handlers,
  maxOpenRequests,
  serveFrame,
} from '../../../services/frame/app/frameServer.js'
import { DeviceVault } from '../../../services/frame/custody/index.js'
import { ChainUnreachable } from '../../../services/frame/preview/index.js'

/** The frame's port served with `handlers` (unlisted events answer {}); the host's end records replies. */
function served(handlers: Partial<Handlers>) {
  const channel = new MessageChannel()
  const replies: { id?: string; type: string; payload?: unknown }[] = []
  const logged: string[] = []
  channel.port1.onmessage = (event) => replies.push(event.data)
  const all = new Proxy(handlers, {
    get: (target, type: string) => target[type as keyof Handlers] ?? (async () => ({})),
  }) as Handlers
  const server = serveFrame(channel.port2, all, (message) => logged.push(message))
  const send = (type: string, payload: unknown = {}, id = randomUUID()) => {
    channel.port1.postMessage({ v: frameProtocolVersion, id, type, payload })
    return id
  }
  return {
    channel,
    replies,
    logged,
    server,
    send,
    raw: (message: unknown) => channel.port1.postMessage(message),
  }
}

const ports: MessagePort[] = []
afterEach(() => {
  for (const port of ports.splice(0)) port.close()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('the frame end of the channel', () => {
  it('answers each request once by id with <EVENT>_SUCCESS, and a repeated id not at all', async () => {
    const frame = served({ GET_CHAIN_ID: async () => ({ chainId: 31337 }) })
    ports.push(frame.channel.port1, frame.channel.port2)
    const id = frame.send('GET_CHAIN_ID')
    frame.send('GET_CHAIN_ID', undefined, id)
    await vi.waitFor(() => expect(frame.replies).toHaveLength(1))
    await settle()
    expect(frame.replies).toEqual([{ v: 1, id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } }])
    expect(frame.logged).toContain('dropped a repeated id')
  })

  it('drops what is not a request of this protocol: oversize, unknown event, wrong version, extra keys, non-UUID id, no payload (ENT-14)', async () => {
    const frame = served({})
    ports.push(frame.channel.port1, frame.channel.port2)
    frame.raw({
      v: 1,
      id: randomUUID(),
      type: 'SYNC_DAPP_DATA',
      payload: { pad: 'x'.repeat(maxFrameMessageLength) },
    })
    frame.raw({ v: 1, id: randomUUID(), type: 'EXPORT_EVERYTHING', payload: {} })
    frame.raw({ v: 2, id: randomUUID(), type: 'GET_CHAIN_ID', payload: {} })
    frame.raw({ v: 1, id: randomUUID(), type: 'GET_CHAIN_ID', payload: {}, extra: true })
    frame.raw({ v: 1, id: 'abc', type: 'GET_CHAIN_ID', payload: {} })
    frame.raw({ v: 1, id: randomUUID(), type: 'GET_CHAIN_ID' })
    frame.raw('GET_CHAIN_ID')
    await settle()
    expect(frame.replies).toEqual([])
    expect(frame.logged).toEqual([
      'dropped an oversize message',
      ...Array(6).fill('dropped a malformed message'),
    ])
  })

  it('refuses a payload its event does not take with -32602 naming the field, before any handler runs', async () => {
    const handler = vi.fn(async () => ({ action: 'VERIFY_OTP' as const }))
    const frame = served({ CONNECT_EMAIL: handler })
    ports.push(frame.channel.port1, frame.channel.port2)
    const id = frame.send('CONNECT_EMAIL', { email: 'not an email' })
    await vi.waitFor(() => expect(frame.replies).toHaveLength(1))
    expect(frame.replies[0]).toEqual({
      v: 1,
      id,
      type: 'CONNECT_EMAIL_ERROR',
      payload: { code: -32602, message: 'email: Invalid email' },
    })
    expect(handler).not.toHaveBeenCalled()
  })

  it("answers a refusal with its code and words, and any other failure only with 'Something went wrong'", async () => {
    const frame = served({
      SIGN_OUT: async () => {
        throw new FrameFailure(4100, 'Not signed in')
      },
      IS_CONNECTED: async () => {
        throw new Error('secret internal detail at /srv/frame.ts:42')
      },
    })
    ports.push(frame.channel.port1, frame.channel.port2)
    frame.send('SIGN_OUT')
    frame.send('IS_CONNECTED')
    await vi.waitFor(() => expect(frame.replies).toHaveLength(2))
    expect(frame.replies.map((r) => r.payload)).toEqual(
      expect.arrayContaining([
        { code: 4100, message: 'Not signed in' },
        { code: -32603, message: 'Something went wrong' },
      ]),
    )
    expect(JSON.stringify(frame.replies)).not.toContain('secret internal detail')
  })

  it("answers a storage the browser blocks with what is wrong and what to do, not 'Something went wrong'", async () => {
    const blocked = () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'))
    const vault = new DeviceVault({ get: blocked, set: blocked, del: blocked })
    const frame = served({
      CONNECT_EMAIL: async () => {
        await vault.deviceKeys()
        return { action: 'VERIFY_OTP' }
      },
    })
    ports.push(frame.channel.port1, frame.channel.port2)
    frame.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await vi.waitFor(() => expect(frame.replies).toHaveLength(1))
    expect(frame.replies[0]?.payload).toEqual({
      code: -32603,
      message: expect.stringMatching(/^This browser blocks the login frame's storage\. .*private/),
    })
  })

  it("answers a chain that gave no answer with what is wrong (an internal error, -32603), not 'Something went wrong'", async () => {
    const frame = served({
      GET_CHAIN_ID: async () => {
        throw new ChainUnreachable('Anvil cannot be reached: try again in a moment')
      },
    })
    ports.push(frame.channel.port1, frame.channel.port2)
    frame.send('GET_CHAIN_ID')
    await vi.waitFor(() => expect(frame.replies).toHaveLength(1))
    expect(frame.replies[0]?.payload).toEqual({
      code: -32603,
      message: 'Anvil cannot be reached: try again in a moment',
    })
  })

  it(`holds at most ${maxOpenRequests} open requests; more are refused, not queued`, async () => {
    const waiting: (() => void)[] = []
    const frame = served({
      CONNECT_DEVICE: () =>
        new Promise((resolve) => {
          waiting.push(() => resolve({}))
        }),
    })
    ports.push(frame.channel.port1, frame.channel.port2)
    for (let i = 0; i < maxOpenRequests + 1; i++) frame.send('CONNECT_DEVICE')
    await vi.waitFor(() => expect(frame.replies).toHaveLength(1))
    expect(frame.replies[0]).toMatchObject({
      type: 'CONNECT_DEVICE_ERROR',
      payload: { message: 'Too many open requests' },
    })
    expect(waiting).toHaveLength(maxOpenRequests)
    for (const done of waiting) done()
    await vi.waitFor(() => expect(frame.replies).toHaveLength(maxOpenRequests + 1))
  })
})
