import { beforeAll, describe, expect, it } from 'vitest'
import { onExpired } from '../../../../engine/expire.js'
import type { UniversalProvider } from '../../../../engine/index.js'
import { createEngineTransport } from '../../../../modal/adapters/walletConnect/engineTransport.js'
import type {
  WalletConnectTransport,
  WalletConnectTransportFactory,
} from '../../../../modal/adapters/walletConnectTransport.js'
import { type ApiClient, createApiClient } from '../../../../modal/api/client.js'
import { connect } from '../../../../modal/controllers/connection.js'
import type { ModalEventName } from '../../../../modal/controllers/events.js'
import type { AppKit } from '../../../../modal/core/appKit.js'
import type { CaipNetwork } from '../../../../modal/networks/types.js'
import { MemoryStorage } from '../../../../storage/index.js'
import { nextEvent, useTestRelay, walletMetadata } from '../../../engine/support/harness.js'
import { engineOf, openApprovals } from '../../../engine/support/internals.js'
import { alice, anvilPair, createKit, unreachableRpcUrl } from '../../support/kit.js'
import { createPage } from '../../support/page.js'

const harness = useTestRelay()

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

/** A kit whose WalletConnect transport is the engine's UniversalProvider over the test relay. */
function engineKit(gate: Promise<void> = Promise.resolve(), api?: ApiClient) {
  let built: WalletConnectTransport | undefined
  const factory: WalletConnectTransportFactory = async () => {
    await gate
    built = await createEngineTransport({
      relayUrl: harness.relay.url,
      projectId: 'test',
      networks: [anvil, anvil2],
      storage: new MemoryStorage(),
      api,
    })
    return built
  }
  const kit = createKit({
    options: { networks: [anvil, anvil2] },
    environment: { target: createPage(), walletConnect: factory },
  })
  const events: ModalEventName[] = []
  kit.subscribeEvents((event) => events.push(event.data.event))
  return {
    kit,
    events,
    provider: () => {
      if (!built) throw new Error('the transport is built on the first connect')
      return built.provider as unknown as UniversalProvider
    },
    close: () => built?.provider && (built.provider as unknown as UniversalProvider).close(),
  }
}

/** A WalletConnect connect as the QR view starts it, with the URIs it was given and its outcome. */
function startConnect(kit: AppKit) {
  const cancel = new AbortController()
  const uris: string[] = []
  const waiting: (() => void)[] = []
  const connecting = connect(kit.context, {
    connectorId: 'walletConnect',
    onUri: (uri) => {
      uris.push(uri)
      for (const wake of waiting.splice(0)) wake()
    },
    signal: cancel.signal,
  })
  const outcome = connecting.then(
    () => 'connected' as const,
    (error: unknown) => error,
  )
  /** The `count`-th URI (1-based), once shown. */
  const nth = async (count: number): Promise<string> => {
    while (uris.length < count) await new Promise<void>((resolve) => waiting.push(resolve))
    return uris[count - 1] as string
  }
  return { cancel, uris, nth, connecting, outcome }
}

/** What the wallet approves in these tests: alice's account on the local chain, personal_sign. */
const aliceNamespaces = {
  eip155: {
    chains: ['eip155:31337'],
    accounts: [`eip155:31337:${alice}`],
    methods: ['personal_sign'],
    events: ['chainChanged', 'accountsChanged'],
  },
}
const topicOf = (uri: string) => uri.slice('wc:'.length, uri.indexOf('@'))
const statusOf = (kit: AppKit) => kit.store.get().connections.eip155?.status

describe('WalletConnect over the engine: leaving the QR view cancels the pairing', () => {
  it('a cancel withdraws the open proposal and its pairing, settles the status at once and reports no error', async () => {
    const { kit, events, provider, close } = engineKit()
    try {
      const attempt = startConnect(kit)
      const uri = await attempt.nth(1)
      const dapp = provider().client
      expect(dapp.proposal.length).toBe(1)
      expect(dapp.pairing.keys).toContain(topicOf(uri))
      expect(statusOf(kit)).toBe('connecting')
      expect(kit.store.get().account.status).toBe('connecting')

      attempt.cancel.abort()
      expect(statusOf(kit)).toBe('disconnected')
      expect(kit.store.get().account.status).toBe('disconnected')
      expect(await attempt.outcome).toMatchObject({ code: 4001, message: 'Pairing aborted' })
      expect(dapp.proposal.length).toBe(0)
      expect(openApprovals(dapp)).toEqual([])
      expect(dapp.pairing.keys).not.toContain(topicOf(uri))
      expect(statusOf(kit)).toBe('disconnected')
      expect(events).not.toContain('CONNECT_ERROR')
      expect(kit.store.get().alerts).toEqual([])
      expect(kit.store.get().snackbar).toBeUndefined()
    } finally {
      await close()
    }
  })

  it('coming back after a cancel shows a fresh URI, and the wallet connects over it', async () => {
    const { kit, provider, close } = engineKit()
    try {
      const first = startConnect(kit)
      const firstUri = await first.nth(1)
      first.cancel.abort()
      await first.outcome

      const second = startConnect(kit)
      const secondUri = await second.nth(1)
      expect(secondUri).not.toBe(firstUri)
      expect(
        provider()
          .client.proposal.getAll()
          .map((p) => p.pairingTopic),
      ).toEqual([topicOf(secondUri)])

      const wallet = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
      const proposed = nextEvent(wallet, 'session_proposal')
      await wallet.pair({ uri: secondUri })
      const { id } = await proposed
      await wallet.approve({
        id,
        namespaces: aliceNamespaces,
      })
      expect(await second.outcome).toBe('connected')
      expect(kit.getAddress()).toBe(alice)
      expect(statusOf(kit)).toBe('connected')
    } finally {
      await close()
    }
  })

  it('a cancel while the engine still loads proposes nothing, and a connect started meanwhile carries on', async () => {
    let release = () => {}
    const loading = new Promise<void>((resolve) => {
      release = resolve
    })
    const { kit, events, provider, close } = engineKit(loading)
    try {
      const left = startConnect(kit)
      left.cancel.abort()
      expect(statusOf(kit)).toBe('disconnected')
      const current = startConnect(kit)
      expect(statusOf(kit)).toBe('connecting')

      release()
      const uri = await current.nth(1)
      expect(await left.outcome).toMatchObject({ name: 'AbortError' })
      expect(left.uris).toEqual([])
      expect(
        provider()
          .client.proposal.getAll()
          .map((p) => p.pairingTopic),
      ).toEqual([topicOf(uri)])
      expect(statusOf(kit)).toBe('connecting')
      expect(events).not.toContain('CONNECT_ERROR')

      current.cancel.abort()
      await current.outcome
      expect(provider().client.proposal.length).toBe(0)
    } finally {
      await close()
    }
  })

  it('while the view stays, a proposal re-issued after expiry reaches it as the URI to show', async () => {
    const { kit, provider, close } = engineKit()
    try {
      const attempt = startConnect(kit)
      const first = await attempt.nth(1)
      const dapp = provider().client
      const [open] = dapp.proposal.getAll()
      if (!open) throw new Error('no open proposal')
      // What the engine's expirer does when the proposal's five minutes are up.
      await onExpired(engineOf(dapp), { kind: 'id', id: open.id })
      const second = await attempt.nth(2)
      expect(second).not.toBe(first)
      expect(attempt.uris).toEqual([first, second])
      expect(statusOf(kit)).toBe('connecting')

      attempt.cancel.abort()
      await attempt.outcome
      expect(dapp.proposal.length).toBe(0)
      expect(dapp.pairing.keys).not.toContain(topicOf(second))
    } finally {
      await close()
    }
  })
})

describe('WalletConnect over the engine: the call status of a session naming a bundler', () => {
  it("wallet_getCallsStatus asks the api's bundler path for the receipt, never the wallet", async () => {
    const userOpHash = `0x${'ab'.repeat(32)}`
    const receipt = { userOpHash, success: true, receipt: { status: '0x1' } }
    const asked: { url: string; body: unknown }[] = []
    const api = createApiClient({
      apiUrl: 'https://api.example',
      projectId: 'test',
      fetch: async (input, init) => {
        asked.push({ url: String(input), body: JSON.parse(String(init?.body)) })
        return Response.json({ jsonrpc: '2.0', id: 1, result: receipt })
      },
    })
    const { kit, provider, close } = engineKit(Promise.resolve(), api)
    try {
      const attempt = startConnect(kit)
      const uri = await attempt.nth(1)
      const wallet = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
      const proposed = nextEvent(wallet, 'session_proposal')
      await wallet.pair({ uri })
      const { id } = await proposed
      await wallet.approve({
        id,
        namespaces: aliceNamespaces,
        sessionProperties: { bundler_name: 'local' },
      })
      expect(await attempt.outcome).toBe('connected')
      expect(
        await provider().request({ method: 'wallet_getCallsStatus', params: [userOpHash] }, 'eip155:31337'),
      ).toEqual(receipt)
      expect(asked).toEqual([
        {
          url: 'https://api.example/v1/bundler?chainId=eip155%3A31337&bundler=local&projectId=test',
          body: { jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] },
        },
      ])
    } finally {
      await close()
    }
  })
})

describe('WalletConnect over the engine: the peer', () => {
  it("a session's peer named with a bidi override is named WalletConnect, for every family's adapter", async () => {
    const transport = await createEngineTransport({
      relayUrl: harness.relay.url,
      projectId: 'test',
      networks: [anvil, anvil2],
      storage: new MemoryStorage(),
    })
    try {
      const uris: string[] = []
      let shown = () => {}
      const uriShown = new Promise<void>((resolve) => {
        shown = resolve
      })
      const connecting = transport.connect({
        networks: [anvil, anvil2],
        onUri: (uri) => {
          uris.push(uri)
          shown()
        },
      })
      await uriShown
      const metadata = { ...walletMetadata, name: 'Meta\u202eksaM' }
      const wallet = await harness.pool.make(harness.relay.url, { metadata })
      const proposed = nextEvent(wallet, 'session_proposal')
      await wallet.pair({ uri: uris[0] as string })
      const { id } = await proposed
      await wallet.approve({ id, namespaces: aliceNamespaces })
      expect((await connecting).peer).toEqual({ name: 'WalletConnect' })
    } finally {
      await (transport.provider as unknown as UniversalProvider).close()
    }
  })
})
