import { describe, expect, it, vi } from 'vitest'
import { analyticsTarget } from '../../modal/analytics/enabled.js'
import {
  type AnalyticsEvent,
  cleanProperties,
  modalEventToAnalytics,
  pageViewEvent,
} from '../../modal/analytics/event.js'
import { watchRoutes } from '../../modal/analytics/routes.js'
import { createAnalyticsSender } from '../../modal/analytics/sender.js'
import { ingestUrl } from '../../modal/analytics/startAnalytics.js'
import { browserTransport } from '../../modal/analytics/transport.js'
import { trackAnalytics } from '../../modal/createAppKit.js'
import { ManualClock } from './support/clock.js'
import { createKit, evmNetwork } from './support/kit.js'

const event = (name = 'MODAL_OPEN', properties: AnalyticsEvent['properties'] = {}): AnalyticsEvent => ({
  type: 'event',
  name,
  path: '/',
  properties,
  at: 1,
})

function recordingSender(options: { maxQueued?: number } = {}) {
  const clock = new ManualClock()
  const posts: { url: string; events: AnalyticsEvent[]; bytes: number; pageHiding: boolean }[] = []
  const sender = createAnalyticsSender({
    url: 'http://api.test/v1/analytics/events?projectId=p',
    clock,
    delayMs: 1000,
    ...options,
    transport: (url, body, pageHiding) =>
      posts.push({
        url,
        events: (JSON.parse(body) as { events: AnalyticsEvent[] }).events,
        bytes: new TextEncoder().encode(body).length,
        pageHiding,
      }),
  })
  return { clock, posts, sender }
}

describe('analytics is opt-in', () => {
  it('is on only with features.analytics true, an apiUrl and a project id', () => {
    const apiUrl = 'http://127.0.0.1:8788'
    expect(analyticsTarget({})).toBeUndefined()
    expect(analyticsTarget({ apiUrl, projectId: 'p' })).toBeUndefined()
    expect(analyticsTarget({ features: { analytics: false }, apiUrl, projectId: 'p' })).toBeUndefined()
    expect(analyticsTarget({ features: { analytics: true }, projectId: 'p' })).toBeUndefined()
    expect(analyticsTarget({ features: { analytics: true }, apiUrl })).toBeUndefined()
    expect(analyticsTarget({ features: { analytics: true }, apiUrl, projectId: 'p' })).toEqual({
      apiUrl,
      projectId: 'p',
    })
  })

  it('posts to the host’s own api, for its project', () => {
    expect(ingestUrl({ apiUrl: 'http://127.0.0.1:8788/', projectId: 'a b' })).toBe(
      'http://127.0.0.1:8788/v1/analytics/events?projectId=a%20b',
    )
  })
})

describe('analytics events', () => {
  it('keep a modal event’s name, flat properties and path without its query', () => {
    expect(
      modalEventToAnalytics(
        {
          timestamp: 42,
          data: {
            type: 'track',
            event: 'CONNECT_SUCCESS',
            properties: { name: 'Test Wallet', method: 'injected', nested: { a: 1 }, n: Number.NaN },
          },
        },
        '/account?token=secret#frag',
      ),
    ).toEqual({
      type: 'event',
      name: 'CONNECT_SUCCESS',
      path: '/account',
      properties: { name: 'Test Wallet', method: 'injected' },
      at: 42,
    })
  })

  it('clip properties to 16 primitives with values of at most 256 characters', () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(300)]))
    const kept = cleanProperties({ [`${'k'.repeat(65)}`]: 'too long a key', ...many })
    expect(Object.keys(kept)).toHaveLength(16)
    expect(Object.values(kept).every((v) => v === 'v'.repeat(256))).toBe(true)
  })

  it('leave U+0000 out of property values, as the api refuses a batch holding one', () => {
    expect(cleanProperties({ message: 'User\u0000 rejected\u0000' })).toEqual({ message: 'User rejected' })
  })

  it('carry no wallet address: one in a wallet’s error text or in the page’s path is left out', () => {
    const evm = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const bitcoin = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    const error = modalEventToAnalytics(
      {
        timestamp: 42,
        data: {
          type: 'track',
          event: 'CONNECT_ERROR',
          properties: { message: `Account ${evm} is locked; ${solana} and ${bitcoin} too` },
        },
      },
      `/portfolio/${evm}/${solana}`,
    )
    expect(error.properties).toEqual({ message: 'Account [address] is locked; [address] and [address] too' })
    expect(error.path).toBe('/portfolio/[address]/[address]')
    expect(pageViewEvent(`/address/${bitcoin}?tab=nfts`, 1).path).toBe('/address/[address]')
    const named = { message: 'ConnectorNotConnectedError: Connector not connected.' }
    expect(cleanProperties(named)).toEqual(named)
  })
})

describe('the analytics sender', () => {
  it('gathers events for a moment, then posts them in one batch', () => {
    const { clock, posts, sender } = recordingSender()
    sender.add(event('A'))
    sender.add(event('B'))
    clock.advance(999)
    expect(posts).toEqual([])
    clock.advance(1)
    expect(posts.map((p) => [p.events.map((e) => e.name), p.pageHiding])).toEqual([[['A', 'B'], false]])
  })

  it('splits into batches of at most 50 events and 32 KiB, and says when the page is hiding', () => {
    const { posts, sender } = recordingSender({ maxQueued: 200 })
    for (let i = 0; i < 120; i++)
      sender.add(
        event('E', { a: 'a'.repeat(256), b: 'b'.repeat(256), c: 'c'.repeat(256), d: 'd'.repeat(256) }),
      )
    sender.flush(true)
    expect(posts.reduce((n, p) => n + p.events.length, 0)).toBe(120)
    expect(posts.every((p) => p.events.length <= 50 && p.bytes <= 32 * 1024 && p.pageHiding)).toBe(true)
    // About 1.1 KB an event: the byte cap, not the count, splits these (120 events, > 4 batches).
    expect(posts.length).toBeGreaterThan(4)
  })

  it('holds at most maxQueued events, dropping (and counting) the rest', () => {
    const { posts, sender } = recordingSender({ maxQueued: 3 })
    for (let i = 0; i < 5; i++) sender.add(event(`E${i}`))
    sender.flush(false)
    expect(posts.flatMap((p) => p.events.map((e) => e.name))).toEqual(['E0', 'E1', 'E2'])
    expect(sender.dropped).toBe(2)
  })
})

describe('the browser transport', () => {
  it('uses sendBeacon while the page hides, else fetch with keepalive and no credentials', () => {
    const sendBeacon = vi.fn(() => true)
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    const send = browserTransport({ navigator: { sendBeacon }, fetch })
    send('http://api.test/e', '{"events":[]}', true)
    expect(sendBeacon).toHaveBeenCalledWith('http://api.test/e', '{"events":[]}')
    expect(fetch).not.toHaveBeenCalled()
    send('http://api.test/e', '{"events":[]}', false)
    expect(fetch).toHaveBeenCalledWith(
      'http://api.test/e',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    )
  })

  it('falls back to fetch when the browser refuses the beacon', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    browserTransport({ navigator: { sendBeacon: () => false }, fetch })('http://api.test/e', '{}', true)
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

/** A window with just the history, location and events watchRoutes uses. */
function fakeWindow(path = '/') {
  const target = new EventTarget()
  const location = { pathname: path }
  const history = {
    pushState(_data: unknown, _unused: string, url?: string | URL | null) {
      if (url) location.pathname = new URL(String(url), 'http://page.test').pathname
    },
    replaceState(_data: unknown, _unused: string, url?: string | URL | null) {
      if (url) location.pathname = new URL(String(url), 'http://page.test').pathname
    },
  }
  const win = Object.assign(target, { location, history }) as unknown as Window
  return { win, location, target }
}

describe('route watching', () => {
  it('reports the first path, then every pushState, replaceState and popstate, until stopped', () => {
    const { win, location, target } = fakeWindow('/start')
    const seen: string[] = []
    const originalPush = win.history.pushState
    const stop = watchRoutes(win, (path) => seen.push(path))
    win.history.pushState(null, '', '/a?x=1')
    win.history.replaceState(null, '', '/b')
    location.pathname = '/a'
    target.dispatchEvent(new Event('popstate'))
    stop()
    win.history.pushState(null, '', '/after')
    expect(seen).toEqual(['/start', '/a', '/b', '/a'])
    expect(win.history.pushState).toBe(originalPush)
  })
})

/** A page that records what reaches the ingest; its timers never fire, so a batch goes when the page hides. */
function recordingPage() {
  const ingested: AnalyticsEvent[] = []
  const ingest = (body: string) => ingested.push(...(JSON.parse(body) as { events: AnalyticsEvent[] }).events)
  const page = Object.assign(new EventTarget(), {
    document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    location: { pathname: '/shop' },
    navigator: { sendBeacon: (_url: string, body: string) => ingest(body) > 0 },
    fetch: (_url: string, init: { body: string }) => {
      ingest(init.body)
      return Promise.resolve(new Response(null, { status: 204 }))
    },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  })
  return { win: page as unknown as Window, ingested, hide: () => page.dispatchEvent(new Event('pagehide')) }
}

describe('analytics of a modal instance', () => {
  it('send its events until the instance is destroyed, and nothing after', async () => {
    const kit = createKit({ options: { networks: [evmNetwork(31337, 'http://127.0.0.1:1')] } })
    const { win, ingested, hide } = recordingPage()
    await trackAnalytics(kit, { apiUrl: 'http://api.test', projectId: 'p' }, win)
    kit.context.events.emit('MODAL_OPEN', { connected: false })
    hide()
    expect(ingested.map((e) => e.name)).toEqual(['MODAL_OPEN'])

    kit.destroy()
    kit.context.events.emit('MODAL_OPEN', { connected: false })
    hide()
    expect(ingested.map((e) => e.name)).toEqual(['MODAL_OPEN'])
  })
  it('track nothing for an instance destroyed before the analytics code arrived', async () => {
    const kit = createKit({ options: { networks: [evmNetwork(31337, 'http://127.0.0.1:1')] } })
    const { win, ingested, hide } = recordingPage()
    const loaded = trackAnalytics(kit, { apiUrl: 'http://api.test', projectId: 'p' }, win)
    kit.destroy()
    await loaded
    kit.context.events.emit('MODAL_OPEN', { connected: false })
    hide()
    expect(ingested).toEqual([])
  })
})
