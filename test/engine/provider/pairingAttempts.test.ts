import { describe, expect, it } from 'vitest'
import {
  getSdkError,
  ProviderErrorCode,
  ProviderErrorMessage,
  ProviderRpcError,
  type SignClient,
  UniversalProvider,
} from '../../../engine/index.js'
import { MAX_PAIRING_ATTEMPTS } from '../../../engine/provider/pairingAttempt.js'
import { movableClock } from '../../conformance/support/clock.js'
import {
  approvedNamespaces,
  nextEvent,
  requestedNamespaces,
  useTestRelay,
  walletMetadata,
} from '../support/harness.js'
import { engineOf, openApprovals, runExpirer } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

/** Every `display_uri` of a provider, and a way to wait for the next. */
function uriLog(provider: UniversalProvider) {
  const seen: string[] = []
  const waiting: ((uri: string) => void)[] = []
  provider.on('display_uri', (uri) => {
    seen.push(uri)
    waiting.shift()?.(uri)
  })
  return {
    seen,
    /** The `count`-th URI (1-based), once announced. */
    nth: (count: number) =>
      seen.length >= count
        ? Promise.resolve(seen[count - 1] as string)
        : new Promise<string>((resolve) => waiting.push(resolve)),
  }
}

/** A dapp on a movable clock, its provider, and the provider's URIs. */
async function dappWithProvider() {
  const clock = movableClock()
  const dapp = await pool.make(harness.relay.url, { clock })
  const provider = await UniversalProvider.init({ client: dapp, logger: 'silent' })
  return { clock, dapp, provider, uris: uriLog(provider) }
}

/** Lets the dapp's open proposal run out: its clock moves past the five-minute expiry. */
function expire(dapp: SignClient, clock: ReturnType<typeof movableClock>): void {
  clock.advance(301)
  runExpirer(dapp)
}

const topicOf = (uri: string) => uri.slice('wc:'.length, uri.indexOf('@'))

describe('UniversalProvider pairing attempts', () => {
  it('re-issues the pairing URI when a proposal expires unanswered, and connects over the new one', async () => {
    const { clock, dapp, provider, uris } = await dappWithProvider()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    wallet.on('session_proposal', ({ id }) =>
      pool.inBackground(wallet.approve({ id, namespaces: approvedNamespaces })),
    )
    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    const first = await uris.nth(1)
    expect(dapp.proposal.length).toBe(1)
    const expired = nextEvent(dapp, 'proposal_expire')

    expire(dapp, clock)
    await expired
    const second = await uris.nth(2)
    expect(second).not.toBe(first)
    expect(provider.uri).toBe(second)
    // The first pairing is forgotten; the new proposal went out on the second.
    expect(dapp.pairing.keys).not.toContain(topicOf(first))
    expect(dapp.proposal.getAll().map((proposal) => proposal.pairingTopic)).toEqual([topicOf(second)])

    await wallet.pair({ uri: second })
    const session = await connecting
    expect(session.peer.metadata.name).toBe(walletMetadata.name)
    expect(provider.session?.topic).toBe(session.topic)
    expect(uris.seen).toEqual([first, second])
  })

  it('a wallet rejection fails connect() at once, without a new URI', async () => {
    const { provider, uris } = await dappWithProvider()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    wallet.on('session_proposal', ({ id }) =>
      pool.inBackground(wallet.reject({ id, reason: getSdkError('USER_REJECTED') })),
    )
    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: await uris.nth(1) })
    await expect(connecting).rejects.toMatchObject({ code: getSdkError('USER_REJECTED').code })
    expect(uris.seen).toHaveLength(1)
    expect(provider.session).toBeUndefined()
  })

  it("abortPairingAttempt() fails connect() with 'Pairing aborted' (4001), forgets the proposal and announces no URI after", async () => {
    const { clock, dapp, provider, uris } = await dappWithProvider()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposed = nextEvent(wallet, 'session_proposal')
    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    const outcome = connecting.then(
      () => undefined,
      (error: unknown) => error,
    )
    const uri = await uris.nth(1)
    await wallet.pair({ uri })
    await proposed

    await provider.abortPairingAttempt()
    const error = await outcome
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({
      code: ProviderErrorCode.userRejected,
      message: ProviderErrorMessage.pairingAborted,
    })
    expect(dapp.proposal.length).toBe(0)
    expect(openApprovals(dapp)).toEqual([])
    expect(dapp.pairing.keys).not.toContain(topicOf(uri))

    expire(dapp, clock)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(uris.seen).toEqual([uri])
    expect(provider.session).toBeUndefined()
  })

  it('an abort before the wallet answers forgets the key pair made for the proposal', async () => {
    const { dapp, provider, uris } = await dappWithProvider()
    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    const outcome = connecting.catch(() => undefined)
    await uris.nth(1)
    const [proposal] = dapp.proposal.getAll()
    if (proposal === undefined) throw new Error('connect() stored no proposal')

    await provider.abortPairingAttempt()
    await outcome
    expect(dapp.proposal.length).toBe(0)
    // No public view shows the keychain: the context's is read.
    expect(engineOf(dapp).stores.keychain.has(proposal.proposer.publicKey)).toBe(false)
  })

  it('an abort while the proposal is still being sent stops connect() before any URI is announced', async () => {
    const { dapp, provider, uris } = await dappWithProvider()
    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    const aborted = provider.abortPairingAttempt()
    await expect(connecting).rejects.toMatchObject({ message: ProviderErrorMessage.pairingAborted })
    await aborted
    expect(uris.seen).toEqual([])
    expect(dapp.proposal.length).toBe(0)
    expect(dapp.pairing.length).toBe(0)
  })

  it(`gives up after ${MAX_PAIRING_ATTEMPTS} expired proposals, as the official provider does`, async () => {
    const { clock, dapp, provider, uris } = await dappWithProvider()
    const connecting = provider.connect({ optionalNamespaces: requestedNamespaces })
    const outcome = connecting.then(
      () => undefined,
      (error: unknown) => error,
    )
    for (let attempt = 1; attempt <= MAX_PAIRING_ATTEMPTS; attempt += 1) {
      await uris.nth(attempt)
      expire(dapp, clock)
    }
    expect(await outcome).toMatchObject({
      message: ProviderErrorMessage.pairingAttemptsExhausted,
      data: { attempts: MAX_PAIRING_ATTEMPTS },
    })
    expect(new Set(uris.seen).size).toBe(MAX_PAIRING_ATTEMPTS)
    expect(dapp.proposal.length).toBe(0)
    expect(dapp.pairing.length).toBe(0)
  })
})
