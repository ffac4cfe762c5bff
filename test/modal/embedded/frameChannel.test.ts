import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type FrameEvent,
  frameEventNames,
  frameLoadTimeoutMs,
  frameProtocolVersion,
  frameRequestTimeoutMs,
  maxFrameMessageLength,
} from '../../../engine/frame/index.js'
import { FrameError } from '../../../modal/embedded/index.js'
import { flush, frameOrigin } from './support/fakePage.js'
import { channelHarness } from './support/harness.js'
import { samples } from './support/samples.js'

let harness = channelHarness()
afterEach(() => {
  harness.close()
  vi.unstubAllGlobals()
})

function fresh() {
  harness.close()
  harness = channelHarness()
  return harness
}

describe('handshake', () => {
  it('posts the handshake to the exact frame origin, never *, handing over a port', async () => {
    const { channel, frame } = fresh()
    channel.start()
    await flush()
    expect(frame.handshakes).toHaveLength(1)
    expect(frame.handshakes[0]).toEqual({
      message: { type: 'PAIRWISE_FRAME_INIT', v: 1 },
      targetOrigin: frameOrigin,
    })
    expect(frame.port).toBeDefined()
  })

  it('a frame navigated to another origin gets no port, and the requests wait', async () => {
    const { channel, frame } = fresh()
    frame.origin = 'http://evil.example'
    channel.start()
    await flush()
    expect(frame.port).toBeUndefined()
    expect(channel.ready).toBe(false)
  })

  it('RELOAD repeats the handshake on the next load and closes the old port', async () => {
    const h = fresh()
    await h.open()
    const oldPort = h.frame.port!
    await expect(h.channel.request('RELOAD', {})).resolves.toEqual({})
    h.page.iframe!.load()
    await flush()
    expect(h.frame.handshakes).toHaveLength(2)
    expect(h.channel.ready).toBe(false)
    h.clock.advance(500)
    expect(h.channel.ready).toBe(true)
    // The old port is closed: what the frame still posts there reaches nobody.
    const pending = h.channel.request('GET_CHAIN_ID', {})
    const sent = await h.frame.next('GET_CHAIN_ID')
    expect(h.frame.port).not.toBe(oldPort)
    oldPort.postMessage({
      v: frameProtocolVersion,
      id: sent.id,
      type: 'GET_CHAIN_ID_SUCCESS',
      payload: { chainId: 5 },
    })
    await expect(pending).resolves.toEqual({ chainId: 1 })
  })
})

describe('ready', () => {
  it('FRAME-02 requests made before READY + 500 ms wait, then go out', async () => {
    const { channel, frame, clock } = fresh()
    channel.start()
    const answer = channel.request('IS_CONNECTED', {})
    await flush()
    clock.advance(499)
    await flush()
    expect(frame.requests).toHaveLength(0)
    clock.advance(1)
    await expect(answer).resolves.toEqual({ isConnected: true })
    expect(frame.requests.map((r) => r.type)).toEqual(['IS_CONNECTED'])
  })

  it('FRAME-02 the 500 ms count from READY, not from the load', async () => {
    const { channel, frame, clock } = fresh()
    frame.autoReady = false
    channel.start()
    await flush()
    clock.advance(5_000)
    expect(channel.ready).toBe(false)
    frame.ready()
    await flush()
    clock.advance(499)
    expect(channel.ready).toBe(false)
    clock.advance(1)
    expect(channel.ready).toBe(true)
  })
})

describe('requests and replies', () => {
  it('FRAME-04 the channel sends and accepts every event of the list, each with its success payload', async () => {
    const h = fresh()
    await h.open()
    expect(Object.keys(samples).sort()).toEqual([...frameEventNames].sort())
    expect(frameEventNames).toHaveLength(23)
    for (const type of frameEventNames) {
      const { request, success } = samples[type]
      await expect(h.channel.request(type, request as never), type).resolves.toEqual(success)
      expect(h.frame.received(type).at(-1)?.payload, type).toEqual(request)
    }
  })

  it('FRAME-04 every event also has its error reply', async () => {
    const h = fresh()
    await h.open()
    for (const type of frameEventNames) {
      h.frame.on(type, () => ({ error: { code: 4001, message: `no ${type}` } }))
      await expect(h.channel.request(type, samples[type].request as never), type).rejects.toMatchObject({
        message: `no ${type}`,
        code: 4001,
      })
    }
  })

  it('FRAME-05 concurrent requests are matched by id and never cross', async () => {
    const h = fresh()
    await h.open()
    const held: Array<{ id: string; chainId: number }> = []
    h.frame.on('SWITCH_NETWORK', (request) => {
      held.push({ id: request.id, chainId: (request.payload as { chainId: number }).chainId })
      return 'silent'
    })
    const answers = [10, 20, 30].map((chainId) => h.channel.request('SWITCH_NETWORK', { chainId }))
    await vi.waitFor(() => expect(held).toHaveLength(3), { interval: 1 })
    for (const { id, chainId } of [...held].reverse())
      h.frame.reply(id, 'SWITCH_NETWORK_SUCCESS', { chainId: chainId + 1 })
    await expect(Promise.all(answers)).resolves.toEqual([{ chainId: 11 }, { chainId: 21 }, { chainId: 31 }])
    expect(new Set(held.map((r) => r.id)).size).toBe(3)
    for (const { id } of held)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('FRAME-06 a request rejects with the message of its error reply and keeps its EIP-1193 code', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('CONNECT_OTP', () => ({ error: { code: 4001, message: 'Invalid code' } }))
    const failed = h.channel.request('CONNECT_OTP', { otp: '000000' })
    await expect(failed).rejects.toBeInstanceOf(FrameError)
    await expect(failed).rejects.toMatchObject({ message: 'Invalid code', code: 4001 })
  })

  it('ERR-25 an error reply without a message rejects with An error occurred', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('GET_USER', () => ({ error: undefined }))
    await expect(h.channel.request('GET_USER', {})).rejects.toThrow(/^An error occurred$/)
    h.frame.on('GET_USER', () => ({ error: { code: -32603 } }))
    await expect(h.channel.request('GET_USER', {})).rejects.toMatchObject({
      message: 'An error occurred',
      code: -32603,
    })
  })

  it('a request payload that breaks its schema is refused and never sent', async () => {
    const h = fresh()
    await h.open()
    await expect(h.channel.request('SWITCH_NETWORK', { chainId: -1 } as never)).rejects.toMatchObject({
      code: -32602,
    })
    await expect(h.channel.request('SYNC_THEME', { themeMode: 'sepia' } as never)).rejects.toBeInstanceOf(
      FrameError,
    )
    await flush()
    expect(h.frame.requests).toHaveLength(0)
  })

  it('a success payload that breaks its schema rejects the request', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('GET_USER', () => ({ success: { address: 'not an address', chainId: 1 } }))
    await expect(h.channel.request('GET_USER', {})).rejects.toThrow('An error occurred')
  })

  it('a request before the frame is on the page fails as not connected', async () => {
    const { channel, page } = fresh()
    await expect(channel.request('GET_USER', {})).rejects.toMatchObject({ code: 4900 })
    expect(page.iframes).toHaveLength(0)
  })
})

describe('timeouts, each failing only its own request', () => {
  it('FRAME-15 a frame that never gets ready fails its requests after 20000 ms with iframe_load_failed', async () => {
    const h = fresh()
    h.frame.autoReady = false
    h.channel.start()
    await flush()
    const first = h.channel.request('GET_USER', {})
    h.clock.advance(10_000)
    const second = h.channel.request('IS_CONNECTED', {})
    h.clock.advance(frameLoadTimeoutMs - 10_000 - 1)
    expect(h.timeouts).toEqual([])
    h.clock.advance(1)
    await expect(first).rejects.toThrow('Something went wrong')
    expect(h.timeouts).toEqual(['iframe_load_failed'])
    // The second has its own 20 s: the frame gets ready in time for it.
    h.frame.ready()
    await flush()
    h.clock.advance(500)
    await expect(second).resolves.toEqual({ isConnected: true })
    expect(h.timeouts).toEqual(['iframe_load_failed'])
  })

  it('FRAME-15 no load timeout once the frame is ready', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('GET_USER', () => 'silent')
    const hanging = h.channel.request('GET_USER', {})
    h.clock.advance(frameLoadTimeoutMs * 10)
    expect(h.timeouts).toEqual([])
    let settled = false
    const settle = () => {
      settled = true
    }
    hanging.then(settle, settle)
    await flush()
    expect(settled).toBe(false)
  })

  it('FRAME-16 connect email, device, otp, social and redirect time out after 120000 ms, alone', async () => {
    const h = fresh()
    await h.open()
    const long: FrameEvent[] = [
      'CONNECT_EMAIL',
      'CONNECT_DEVICE',
      'CONNECT_OTP',
      'CONNECT_SOCIAL',
      'GET_SOCIAL_REDIRECT_URI',
    ]
    for (const type of [...long, 'GET_USER' as const]) h.frame.on(type, () => 'silent')
    const other = h.channel.request('GET_USER', {})
    const waiting = long.map((type) => h.channel.request(type, samples[type].request as never))
    await vi.waitFor(() => expect(h.frame.requests).toHaveLength(6), { interval: 1 })
    h.clock.advance(frameRequestTimeoutMs - 1)
    expect(h.timeouts).toEqual([])
    h.clock.advance(1)
    for (const answer of waiting) await expect(answer).rejects.toThrow('Something went wrong')
    expect(h.timeouts).toEqual(long.map(() => 'iframe_request_timeout'))
    // The other request was not taken down with them.
    const getUser = h.frame.received('GET_USER')[0]!
    h.frame.reply(getUser.id, 'GET_USER_SUCCESS', samples.GET_USER.success)
    await expect(other).resolves.toEqual(samples.GET_USER.success)
  })

  it('FRAME-16 an answer in time clears the timeout', async () => {
    const h = fresh()
    await h.open()
    await h.channel.request('CONNECT_EMAIL', { email: 'ada@example.com' })
    h.clock.advance(frameRequestTimeoutMs * 2)
    expect(h.timeouts).toEqual([])
  })
})

describe('abort', () => {
  it('ERR-26 FRAME-08 aborting a pending RPC request rejects it with Request was aborted and sends RPC_ABORT', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('RPC_REQUEST', () => 'silent')
    const controller = new AbortController()
    const other = h.channel.request('GET_CHAIN_ID', {})
    const signing = h.channel.request(
      'RPC_REQUEST',
      {
        method: 'personal_sign',
        params: ['0x68', '0x1111111111111111111111111111111111111111'],
        chainId: 1,
        chainNamespace: 'eip155',
      },
      { signal: controller.signal },
    )
    await h.frame.next('RPC_REQUEST')
    controller.abort()
    await expect(signing).rejects.toThrow(/^Request was aborted$/)
    await h.frame.next('RPC_ABORT')
    await expect(other).resolves.toEqual({ chainId: 1 })
  })

  it('FRAME-08 aborting a pending read (a safe method) sends no RPC_ABORT: the approval the frame shows is another request’s', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('RPC_REQUEST', () => 'silent')
    const controller = new AbortController()
    const reading = h.channel.request(
      'RPC_REQUEST',
      { method: 'eth_blockNumber', chainId: 1, chainNamespace: 'eip155' },
      { signal: controller.signal },
    )
    await h.frame.next('RPC_REQUEST')
    controller.abort()
    await expect(reading).rejects.toThrow(/^Request was aborted$/)
    await flush()
    expect(h.frame.received('RPC_ABORT')).toHaveLength(0)
  })

  it('ERR-27 aborting any other pending request rejects it with Something went wrong', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('CONNECT_DEVICE', () => 'silent')
    const controller = new AbortController()
    const waiting = h.channel.request('CONNECT_DEVICE', {}, { signal: controller.signal })
    await h.frame.next('CONNECT_DEVICE')
    controller.abort()
    await expect(waiting).rejects.toThrow(/^Something went wrong$/)
    await flush()
    expect(h.frame.received('RPC_ABORT')).toHaveLength(0)
  })

  it('ERR-26 a request aborted before it was sent is never sent', async () => {
    const h = fresh()
    const controller = new AbortController()
    h.channel.start()
    const queued = h.channel.request('RPC_REQUEST', samples.RPC_REQUEST.request, {
      signal: controller.signal,
    })
    controller.abort()
    await expect(queued).rejects.toThrow('Request was aborted')
    await flush()
    h.clock.advance(500)
    await flush()
    expect(h.frame.requests).toHaveLength(0)
  })
})

describe('what the host sends', () => {
  const address = '0x1111111111111111111111111111111111111111'

  it('a request the frame could not read (over the size cap, or not JSON) is refused at once and never sent', async () => {
    const h = fresh()
    await h.open()
    const huge = `0x${'ab'.repeat(maxFrameMessageLength / 2)}`
    const oversize = h.channel.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: [huge, address],
      chainId: 1,
      chainNamespace: 'eip155',
    })
    await expect(oversize).rejects.toBeInstanceOf(FrameError)
    await expect(oversize).rejects.toMatchObject({ code: -32602 })
    const bigint = h.channel.request('RPC_REQUEST', {
      method: 'eth_getBalance',
      params: [address, 1n],
      chainId: 1,
      chainNamespace: 'eip155',
    })
    await expect(bigint).rejects.toMatchObject({ code: -32602 })
    await flush()
    expect(h.frame.requests).toHaveLength(0)
  })

  it('params that cannot be cloned (a proxy, as reactive state is) go out as their JSON, and the requests queued behind still go', async () => {
    const h = fresh()
    h.channel.start()
    const call = { to: address, data: '0x70a08231' }
    const proxied = h.channel.request('RPC_REQUEST', {
      method: 'eth_call',
      params: new Proxy([call, 'latest'], {}),
      chainId: 1,
      chainNamespace: 'eip155',
    })
    const behind = h.channel.request('GET_CHAIN_ID', {})
    await flush()
    h.clock.advance(500)
    await expect(proxied).resolves.toEqual(samples.RPC_REQUEST.success)
    await expect(behind).resolves.toEqual({ chainId: 1 })
    expect(h.frame.received('RPC_REQUEST')[0]?.payload).toEqual({
      method: 'eth_call',
      params: [call, 'latest'],
      chainId: 1,
      chainNamespace: 'eip155',
    })
  })
})

describe('what the host reads', () => {
  it('a message on the window, from another origin or another source, is ignored', async () => {
    const page = new EventTarget()
    vi.stubGlobal('window', page)
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page))
    const h = fresh()
    h.frame.autoReady = false
    h.channel.start()
    await flush()
    const ready = { v: 1, type: 'READY', payload: { frameVersion: 'x', events: [] } }
    page.dispatchEvent(new MessageEvent('message', { data: ready, origin: 'http://evil.example' }))
    page.dispatchEvent(new MessageEvent('message', { data: ready, origin: frameOrigin }))
    await flush()
    h.clock.advance(500)
    expect(h.channel.ready).toBe(false)

    h.frame.ready()
    await flush()
    h.clock.advance(500)
    h.frame.on('GET_CHAIN_ID', () => 'silent')
    const pending = h.channel.request('GET_CHAIN_ID', {})
    const { id } = await h.frame.next('GET_CHAIN_ID')
    const forged = { v: 1, id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 666 } }
    page.dispatchEvent(new MessageEvent('message', { data: forged, origin: 'http://evil.example' }))
    page.dispatchEvent(new MessageEvent('message', { data: forged, origin: frameOrigin }))
    await flush()
    h.frame.reply(id, 'GET_CHAIN_ID_SUCCESS', { chainId: 1 })
    await expect(pending).resolves.toEqual({ chainId: 1 })
  })

  it('a message over the size cap is ignored', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('RPC_REQUEST', () => 'silent')
    const pending = h.channel.request('RPC_REQUEST', samples.RPC_REQUEST.request)
    const { id } = await h.frame.next('RPC_REQUEST')
    h.frame.reply(id, 'RPC_REQUEST_SUCCESS', 'x'.repeat(maxFrameMessageLength))
    await flush()
    const small = '0x1234'
    h.frame.reply(id, 'RPC_REQUEST_SUCCESS', small)
    await expect(pending).resolves.toBe(small)
  })

  it('a reply with an unknown id, or to a request already settled, is ignored', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('GET_CHAIN_ID', () => 'silent')
    const first = h.channel.request('GET_CHAIN_ID', {})
    const { id } = await h.frame.next('GET_CHAIN_ID')
    h.frame.reply(crypto.randomUUID(), 'GET_CHAIN_ID_SUCCESS', { chainId: 666 })
    await flush()
    h.frame.reply(id, 'GET_CHAIN_ID_SUCCESS', { chainId: 1 })
    await expect(first).resolves.toEqual({ chainId: 1 })
    // The same id again, now for a later request of the same type: it must not answer that one.
    const second = h.channel.request('GET_CHAIN_ID', {})
    await vi.waitFor(() => expect(h.frame.received('GET_CHAIN_ID')).toHaveLength(2), { interval: 1 })
    h.frame.reply(id, 'GET_CHAIN_ID_SUCCESS', { chainId: 666 })
    await flush()
    const secondId = h.frame.received('GET_CHAIN_ID')[1]!.id
    h.frame.reply(secondId, 'GET_CHAIN_ID_SUCCESS', { chainId: 2 })
    await expect(second).resolves.toEqual({ chainId: 2 })
  })

  it('a reply of another event type for a known id is ignored', async () => {
    const h = fresh()
    await h.open()
    h.frame.on('GET_CHAIN_ID', () => 'silent')
    const pending = h.channel.request('GET_CHAIN_ID', {})
    const { id } = await h.frame.next('GET_CHAIN_ID')
    h.frame.reply(id, 'SWITCH_NETWORK_SUCCESS', { chainId: 666 })
    await flush()
    h.frame.reply(id, 'GET_CHAIN_ID_SUCCESS', { chainId: 1 })
    await expect(pending).resolves.toEqual({ chainId: 1 })
  })

  it('a SIGNED_OUT notice reaches the listener', async () => {
    const h = fresh()
    await h.open()
    const heard: string[] = []
    h.channel.onSignedOut(() => heard.push('signed out'))
    h.frame.post({ v: 1, type: 'SIGNED_OUT', payload: {} })
    await vi.waitFor(() => expect(heard).toEqual(['signed out']), { interval: 1 })
  })
})
