import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ProviderErrorMessage,
  type Session,
  type SignClient,
  type SignClientEvents,
  UniversalProvider,
} from '../../../engine/index.js'
import {
  ADDRESS,
  approvedNamespaces,
  requestedNamespaces,
  useTestRelay,
  walletMetadata,
} from '../support/harness.js'
import { engineOf } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

const owned: UniversalProvider[] = []
afterEach(async () => {
  await Promise.all(owned.splice(0).map((provider) => provider.close()))
})

async function providerOn(client: SignClient): Promise<UniversalProvider> {
  const provider = await UniversalProvider.init({ client, logger: 'silent' })
  owned.push(provider)
  return provider
}

/** A wallet that approves every proposal with `namespaces`; `proposals` holds what it was shown. */
async function approvingWallet(namespaces: typeof approvedNamespaces = approvedNamespaces) {
  const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
  const proposals: SignClientEvents['session_proposal']['params'][] = []
  wallet.on('session_proposal', ({ id, params }) => {
    proposals.push(params)
    pool.inBackground(wallet.approve({ id, namespaces }))
  })
  return { wallet, proposals }
}

/** A dapp's provider whose first `scanned` pairing URIs go to `wallet`, and every URI it announced. */
async function pairedWith(wallet: SignClient, scanned = Number.POSITIVE_INFINITY) {
  const dapp = await pool.make(harness.relay.url)
  const provider = await providerOn(dapp)
  const uris: string[] = []
  provider.on('display_uri', (uri) => {
    uris.push(uri)
    if (uris.length <= scanned) pool.inBackground(wallet.pair({ uri }))
  })
  return { dapp, provider, uris }
}

const withEvents = (events: string[]) => ({
  eip155: { ...approvedNamespaces.eip155, events: [...approvedNamespaces.eip155.events, ...events] },
})

describe('UniversalProvider session events under their own name', () => {
  it('passes a granted event other than chainChanged and accountsChanged on under its name with its data, before session_event', async () => {
    const { wallet } = await approvingWallet(withEvents(['bip122_addressesChanged']))
    const { provider } = await pairedWith(wallet)
    const { topic } = await provider.connect({ optionalNamespaces: requestedNamespaces })
    const seen: [string, unknown][] = []
    provider.on('bip122_addressesChanged', (data) => seen.push(['bip122_addressesChanged', data]))
    const generic = new Promise<void>((resolve) =>
      provider.on('session_event', ({ params }) => {
        seen.push(['session_event', params.event.name])
        resolve()
      }),
    )
    const data = [{ address: 'bc1q-test', path: "m/84'/0'/0'/0/0" }]
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'bip122_addressesChanged', data } })
    await generic
    expect(seen).toEqual([
      ['bip122_addressesChanged', data],
      ['session_event', 'bip122_addressesChanged'],
    ])
  })

  it('does not pass on a session event named as one of its own events, such as disconnect, other than as session_event', async () => {
    const { wallet } = await approvingWallet(withEvents(['disconnect', 'display_uri']))
    const { provider } = await pairedWith(wallet)
    const { topic } = await provider.connect({ optionalNamespaces: requestedNamespaces })
    const faked = vi.fn()
    provider.on('disconnect', faked)
    provider.on('display_uri', faked)
    for (const name of ['disconnect', 'display_uri']) {
      const generic = new Promise<void>((resolve) => provider.once('session_event', () => resolve()))
      await wallet.emit({ topic, chainId: 'eip155:1', event: { name, data: 'wc:fake@2' } })
      await generic
    }
    expect(faked).not.toHaveBeenCalled()
    expect(provider.session?.topic).toBe(topic)
  })
})

describe('UniversalProvider sendAsync', () => {
  it('answers through the callback with a JSON-RPC result, and passes an error as its first argument', async () => {
    const { wallet } = await approvingWallet()
    const { provider } = await pairedWith(wallet)
    const notConnected = await new Promise<unknown[]>((resolve) =>
      provider.sendAsync({ method: 'eth_chainId' }, (...args) => resolve(args)),
    )
    expect(notConnected).toEqual([expect.objectContaining({ message: ProviderErrorMessage.notConnected })])

    await provider.connect({ optionalNamespaces: requestedNamespaces })
    const [error, response] = await new Promise<Parameters<Parameters<typeof provider.sendAsync>[1]>>(
      (resolve) => provider.sendAsync({ method: 'eth_accounts' }, (...args) => resolve(args), 'eip155:10'),
    )
    expect(error).toBeNull()
    expect(response).toEqual({ id: expect.any(Number), jsonrpc: '2.0', result: [ADDRESS] })
  })
})

describe('UniversalProvider connect with skipPairing, and pair()', () => {
  it('connect with skipPairing proposes nothing and resolves with nothing; pair() then proposes what it asked for', async () => {
    const { wallet, proposals } = await approvingWallet()
    const { dapp, provider, uris } = await pairedWith(wallet)
    const skipped = await provider.connect({
      optionalNamespaces: requestedNamespaces,
      sessionProperties: { caller: 'skipPairing' },
      skipPairing: true,
    })
    expect(skipped).toBeUndefined()
    expect(uris).toEqual([])
    expect(dapp.proposal.length).toBe(0)

    const connected = new Promise<{ session: Session }>((resolve) => provider.on('connect', resolve))
    const session = await provider.pair(undefined)
    expect(uris).toHaveLength(1)
    expect(proposals.map(({ sessionProperties }) => sessionProperties)).toEqual([{ caller: 'skipPairing' }])
    expect((await connected).session.topic).toBe(session.topic)
    expect(provider.session?.topic).toBe(session.topic)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('pair() on the active pairing of an earlier session proposes over it without a new pairing URI', async () => {
    const { wallet, proposals } = await approvingWallet()
    const { provider, uris } = await pairedWith(wallet)
    const first = await provider.connect({ optionalNamespaces: requestedNamespaces })
    const second = await provider.pair(first.pairingTopic)
    expect(uris).toHaveLength(1)
    expect(proposals.map(({ pairingTopic }) => pairingTopic)).toEqual([
      first.pairingTopic,
      first.pairingTopic,
    ])
    expect(second.topic).not.toBe(first.topic)
    expect(provider.session?.topic).toBe(second.topic)
  })
})

describe('UniversalProvider cleanupPendingPairings', () => {
  it('connect stops listening on the pairings the client holds, but not on the pairing it reuses', async () => {
    const { wallet } = await approvingWallet()
    const { dapp, provider } = await pairedWith(wallet)
    const first = await provider.connect({ optionalNamespaces: requestedNamespaces })
    const unsubscribe = vi.spyOn(engineOf(dapp).relay, 'unsubscribe')

    await provider.connect({ optionalNamespaces: requestedNamespaces, pairingTopic: first.pairingTopic })
    expect(unsubscribe).not.toHaveBeenCalled()

    const third = await provider.connect({ optionalNamespaces: requestedNamespaces })
    expect(unsubscribe.mock.calls.map(([topic]) => topic)).toEqual([first.pairingTopic])
    expect(third.pairingTopic).not.toBe(first.pairingTopic)
  })

  it('with deletePairings forgets every pairing but the one a proposal still waits on, which then connects', async () => {
    const { wallet } = await approvingWallet()
    const { dapp, provider, uris } = await pairedWith(wallet, 1)
    const first = await provider.connect({ optionalNamespaces: requestedNamespaces })

    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    await vi.waitFor(() => expect(uris).toHaveLength(2))
    const waiting = dapp.pairing.keys.find((topic) => topic !== first.pairingTopic)
    await provider.cleanupPendingPairings({ deletePairings: true })
    expect(dapp.pairing.keys).toEqual([waiting])

    await wallet.pair({ uri: uris[1] as string })
    expect((await connecting).pairingTopic).toBe(waiting)
  })
})
