import { setTimeout as realSleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bytesToBase64url, encodeEnvelope, hexToBytes, randomHex, utf8ToBytes } from '../../crypto/index.js'
import type { LinkModePort, SignClient } from '../../engine/index.js'
import { formatRequest } from '../../engine/jsonrpc/index.js'
import { MAX_LINK_MODE_URL_LENGTH } from '../../engine/limits.js'
import { type SocketFactory, webSocketFactory } from '../../relay/client/index.js'
import { type MockRelay, startMockRelay } from '../../relay/mock/index.js'
import { silentLogger } from '../../services/relay/index.js'
import { MemoryStorage } from '../../storage/index.js'
import { ADDRESS, ClientPool, dappMetadata, establishSession, walletMetadata } from './support/harness.js'
import { engineOf, inboundHandled } from './support/internals.js'

const DAPP_LINK = 'https://dapp.example/wc'
const WALLET_LINK = 'https://wallet.example/wc'

/** Apps on one phone: a link opened by one reaches the listeners of the app whose universal link it is. */
class LinkNetwork {
  readonly opened: string[] = []
  readonly #listeners = new Map<string, Set<(url: string) => void>>()

  port(ownLink: string, initialUrl?: string): LinkModePort {
    return {
      openUrl: (url) => {
        this.opened.push(url)
        const target = [...this.#listeners.keys()].find((link) => url.startsWith(`${link}?`))
        for (const listener of (target && this.#listeners.get(target)) || []) listener(url)
      },
      initialUrl: async () => initialUrl,
      subscribe: (listener) => {
        const listeners = this.#listeners.get(ownLink) ?? new Set()
        listeners.add(listener)
        this.#listeners.set(ownLink, listeners)
        return () => listeners.delete(listener)
      },
    }
  }

  /** Hands a link to the app whose universal link is `ownLink`, as the platform would. */
  deliver(ownLink: string, url: string): void {
    for (const listener of this.#listeners.get(ownLink) ?? []) listener(url)
  }
}

type Side = {
  linkMode?: boolean
  universal?: string
  port?: boolean
  storage?: MemoryStorage
  /** Called with each `irn_publish` the client sends the relay. */
  onPublish?: (params: unknown) => void
}

/** Sockets to the mock relay that report every publish frame a client sends, as the relay receives it. */
function watchedSockets(onPublish: (params: unknown) => void = () => {}): SocketFactory {
  const open = webSocketFactory(relay.WebSocket)
  return (url, events) => {
    const socket = open(url, events)
    return {
      ...socket,
      send(text) {
        const frame: { method?: unknown; params?: unknown } = JSON.parse(text)
        if (frame.method === 'irn_publish') onPublish(frame.params)
        socket.send(text)
      },
    }
  }
}

let relay: MockRelay
let network: LinkNetwork
const pool = new ClientPool()

beforeEach(() => {
  relay = startMockRelay({ url: `ws://relay-${randomHex(6)}.pairwise.test`, logger: silentLogger })
  network = new LinkNetwork()
})
afterEach(async () => {
  vi.useRealTimers()
  await pool.closeAll()
  await relay.close()
})

function client(metadata: typeof dappMetadata, ownLink: string, side: Side, initialUrl?: string) {
  const universal = 'universal' in side ? side.universal : ownLink
  return pool.make(relay.url, {
    metadata: {
      ...metadata,
      redirect: { linkMode: side.linkMode ?? true, ...(universal === undefined ? {} : { universal }) },
    },
    ...(side.port === false ? {} : { linkMode: network.port(ownLink, initialUrl) }),
    ...(side.storage ? { storage: side.storage, customStoragePrefix: 'wallet' } : {}),
    relay: {
      createSocket: watchedSockets(side.onPublish),
      timings: { reconnectStepMs: 20, reconnectMaxMs: 50 },
    },
  })
}

async function sessionBetween(dappSide: Side = {}, walletSide: Side = {}) {
  const publishes = { dapp: vi.fn(), wallet: vi.fn() }
  const dapp = await client(dappMetadata, DAPP_LINK, { ...dappSide, onPublish: publishes.dapp })
  const wallet = await client(walletMetadata, WALLET_LINK, { ...walletSide, onPublish: publishes.wallet })
  const { topic } = await establishSession(dapp, wallet)
  publishes.dapp.mockClear()
  publishes.wallet.mockClear()
  wallet.on('session_request', ({ id }) =>
    pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0xsigned' } })),
  )
  return { dapp, wallet, topic, publishes }
}

function personalSign(dapp: SignClient, topic: string): Promise<string> {
  return dapp.request<string>({
    topic,
    chainId: 'eip155:1',
    request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
  })
}

describe('link mode', () => {
  it('ROLE-04 carries a request and its answer by links when both sides enable it with universal links', async () => {
    const { dapp, topic, publishes } = await sessionBetween()
    await expect(personalSign(dapp, topic)).resolves.toBe('0xsigned')
    expect(publishes.dapp).not.toHaveBeenCalled()
    expect(publishes.wallet).not.toHaveBeenCalled()
    expect(network.opened).toHaveLength(2)
    const [request, answer] = network.opened
    expect(request).toMatch(new RegExp(`^${WALLET_LINK}\\?wc_ev=[A-Za-z0-9_-]+&topic=${topic}$`))
    expect(answer).toMatch(new RegExp(`^${DAPP_LINK}\\?wc_ev=[A-Za-z0-9_-]+&topic=${topic}$`))
    // Only the request and its answer: the rest of the session stays on the relay.
    await dapp.ping({ topic })
    expect(publishes.dapp).toHaveBeenCalledTimes(1)
  })

  const missing: [string, Side, Side][] = [
    ["the dapp's redirect.linkMode is off", { linkMode: false }, {}],
    ["the wallet's redirect.linkMode is off", {}, { linkMode: false }],
    ['the dapp has no universal link', { universal: undefined }, {}],
    ['the wallet has no universal link', {}, { universal: undefined }],
    ['the dapp has no link port', { port: false }, {}],
  ]
  for (const [condition, dappSide, walletSide] of missing) {
    it(`ROLE-04 uses the relay when ${condition}`, async () => {
      const { dapp, topic, publishes } = await sessionBetween(dappSide, walletSide)
      await expect(personalSign(dapp, topic)).resolves.toBe('0xsigned')
      expect(network.opened).toEqual([])
      expect(publishes.dapp).toHaveBeenCalledTimes(1)
      expect(publishes.wallet).toHaveBeenCalledTimes(1)
    })
  }

  it('ROLE-04 opens no peer link that is not https: a wallet naming a javascript: universal link is reached by the relay', async () => {
    const { dapp, topic, publishes } = await sessionBetween(
      {},
      { universal: 'javascript:alert(document.domain)//' },
    )
    const signed = personalSign(dapp, topic)
    signed.catch(() => {})
    await vi.waitFor(() => expect(network.opened.length + publishes.dapp.mock.calls.length).toBe(1))
    expect(network.opened).toEqual([])
    await expect(signed).resolves.toBe('0xsigned')
  })

  /** A personal_sign request sealed with the session's key, delivered to the wallet as a link. */
  function deliverSealedRequest(wallet: SignClient, topic: string) {
    const symKey = hexToBytes(engineOf(wallet).stores.keychain.get(topic))
    const request = formatRequest(
      'wc_sessionRequest',
      { chainId: 'eip155:1', request: { method: 'personal_sign', params: ['0x00', ADDRESS] } },
      Date.now() * 1000,
    )
    const envelope = encodeEnvelope({
      type: 0,
      message: JSON.stringify(request),
      symKey,
      encoding: 'base64url',
    })
    network.deliver(WALLET_LINK, `${WALLET_LINK}?wc_ev=${envelope}&topic=${topic}`)
  }

  it('ROLE-04 a wallet opens no dapp link that is not https, even to answer a request the dapp sent it by link', async () => {
    const { wallet, topic } = await sessionBetween({ universal: 'javascript:alert(document.domain)//' }, {})
    const requests = vi.fn()
    wallet.on('session_request', requests)
    // A dapp writing its own client: its request, sealed with the session key, arrives as a link.
    deliverSealedRequest(wallet, topic)
    await realSleep(200)
    await inboundHandled(wallet)
    expect(network.opened).toEqual([])
    expect(requests).not.toHaveBeenCalled()
  })

  it('CONST-20 takes the link the app was opened with 50 ms after start, not before', async () => {
    const storage = new MemoryStorage()
    const { dapp, wallet, topic } = await sessionBetween({}, { storage })
    await wallet.close()
    const pending = personalSign(dapp, topic)
    pending.catch(() => {})
    await vi.waitFor(() => expect(network.opened).toHaveLength(1))
    const coldStartUrl = network.opened[0] as string

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const restarted = await client(walletMetadata, WALLET_LINK, { storage }, coldStartUrl)
    await vi.advanceTimersByTimeAsync(49)
    // Real time for the message to be opened and stored, were it taken too early.
    await realSleep(200)
    await inboundHandled(restarted)
    expect(restarted.pendingRequest.length).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    await realSleep(200)
    await inboundHandled(restarted)
    expect(restarted.pendingRequest.length).toBe(1)
    expect(restarted.pendingRequest.getAll()[0]?.params.request.method).toBe('personal_sign')
  })

  it('ROLE-04 a link opened again (a reload, a replay by another page) is not taken twice', async () => {
    const { dapp, wallet, topic } = await sessionBetween()
    const requests = vi.fn()
    wallet.on('session_request', requests)
    await expect(personalSign(dapp, topic)).resolves.toBe('0xsigned')
    const [request] = network.opened
    expect(wallet.pendingRequest.length).toBe(0)
    network.deliver(WALLET_LINK, request as string)
    await realSleep(100)
    await inboundHandled(wallet)
    expect(requests).toHaveBeenCalledTimes(1)
    // Not even held again as a pending request the wallet already answered.
    expect(wallet.pendingRequest.length).toBe(0)
  })

  it('ROLE-04 takes no link on a session whose peer did not turn link mode on, even one sealed with its key', async () => {
    const { wallet, topic } = await sessionBetween({ linkMode: false }, {})
    const requests = vi.fn()
    wallet.on('session_request', requests)
    deliverSealedRequest(wallet, topic)
    await realSleep(100)
    await inboundHandled(wallet)
    expect(requests).not.toHaveBeenCalled()
    expect(wallet.pendingRequest.length).toBe(0)
  })

  it('ROLE-04 ignores links that carry no message of ours, and keeps working', async () => {
    const { dapp, wallet, topic } = await sessionBetween()
    const requests = vi.fn()
    wallet.on('session_request', requests)
    // The session key, to seal links that look like ours; only the engine holds it.
    const symKey = hexToBytes(engineOf(wallet).stores.keychain.get(topic))
    const sealed = (payload: unknown, key = symKey) =>
      encodeEnvelope({ type: 0, message: JSON.stringify(payload), symKey: key, encoding: 'base64url' })
    const request = formatRequest(
      'wc_sessionRequest',
      {
        chainId: 'eip155:1',
        request: { method: 'personal_sign', params: ['0x00', ADDRESS] },
      },
      Date.now() * 1000,
    )
    const plaintext = bytesToBase64url(utf8ToBytes(`\u0002${JSON.stringify(request)}`))
    const garbage = [
      'not a url',
      WALLET_LINK,
      `${WALLET_LINK}?wc_ev=${sealed(request)}`,
      `${WALLET_LINK}?topic=${topic}`,
      `${WALLET_LINK}?wc_ev=${sealed(request)}&topic=${randomHex(32)}`,
      `${WALLET_LINK}?wc_ev=%E0%A4%A&topic=${topic}`,
      `${WALLET_LINK}?wc_ev=AAAA&topic=${topic}`,
      `${WALLET_LINK}?wc_ev=${sealed(request, hexToBytes(randomHex(32)))}&topic=${topic}`,
      `${WALLET_LINK}?wc_ev=${plaintext}&topic=${topic}`,
      `${WALLET_LINK}?wc_ev=${sealed({ nothing: 'here' })}&topic=${topic}`,
      `${WALLET_LINK}?wc_ev=${'A'.repeat(MAX_LINK_MODE_URL_LENGTH)}&topic=${topic}`,
    ]
    for (const url of garbage) expect(() => network.deliver(WALLET_LINK, url)).not.toThrow()
    await inboundHandled(wallet)
    expect(requests).not.toHaveBeenCalled()
    expect(wallet.pendingRequest.length).toBe(0)
    await expect(personalSign(dapp, topic)).resolves.toBe('0xsigned')
    expect(requests).toHaveBeenCalledTimes(1)
  })
})
