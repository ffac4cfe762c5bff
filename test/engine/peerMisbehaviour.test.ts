import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { buildAuthObject, type SignClient } from '../../engine/index.js'
import { formatRequest } from '../../engine/jsonrpc/payload.js'
import { ONE_DAY, SEVEN_DAYS } from '../../engine/time.js'
import {
  createKeyPair,
  openMessage,
  sealForTopic,
  sealTypeOne,
  sharedSymKey,
} from '../../engine/transport/keys.js'
import {
  newPayloadId,
  publishSealed,
  sendAndAwait,
  sendError,
  sendRequest,
} from '../../engine/transport/send.js'
import { signInRequest } from '../conformance/support/fixtures.js'
import {
  ADDRESS,
  approvedNamespaces,
  dappMetadata,
  establishSession,
  nextEvent,
  requestedNamespaces,
  useTestRelay,
  walletMetadata,
} from './support/harness.js'
import { engineOf, inboundHandled } from './support/internals.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const harness = useTestRelay()
const { pool } = harness

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** A wc_sessionRequest the dapp sends by hand, as a peer with an SDK of its own may. */
function rawRequest(dapp: SignClient, topic: string, request: object, id?: number): Promise<number> {
  return sendRequest(engineOf(dapp), {
    topic,
    method: 'wc_sessionRequest',
    params: { chainId: 'eip155:1', request },
    ...(id === undefined ? {} : { id }),
  })
}

/** Waits until the wallet has handled what the dapp sent before: its ping is answered after them. */
async function handledSoFar(dapp: SignClient, wallet: SignClient, topic: string): Promise<void> {
  await dapp.ping({ topic })
  await inboundHandled(wallet)
}

describe('a peer that breaks the protocol gains nothing', () => {
  it('a one-click sign-in session is controlled by the wallet, so the dapp cannot widen what it was granted', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const dapp = await pool.make(harness.relay.url)
    wallet.on('session_authenticate', async ({ id, params }) => {
      pool.inBackground(wallet.approveSessionAuthenticate({ id, auths: [await signedCacao(wallet, params)] }))
    })
    const { uri, response } = await signIn(dapp)
    await wallet.pair({ uri })
    const { session } = await response()
    if (!session) throw new Error('the sign-in made no session')
    const { topic } = session
    await expect.poll(() => wallet.session.keys).toContain(topic)
    const granted = wallet.session.get(topic).namespaces

    const widened = {
      eip155: {
        chains: ['eip155:1', 'eip155:137'],
        accounts: [`eip155:1:${account.address}`, `eip155:137:${ADDRESS}`],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged', 'accountsChanged'],
      },
    }
    const { done } = await sendAndAwait(engineOf(dapp), {
      topic,
      method: 'wc_sessionUpdate',
      params: { namespaces: widened },
      timeoutMs: 10_000,
      timeoutMessage: 'the wallet did not answer the update',
    })
    await expect(done).rejects.toMatchObject({ message: expect.stringMatching(/unauthorized/i) })
    expect(wallet.session.get(topic).namespaces).toEqual(granted)
    const { acknowledged } = await wallet.update({ topic, namespaces: granted })
    await acknowledged()
  })

  it('a request under an id the wallet holds already does not replace it, from the same peer or another', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const dapp = await pool.make(harness.relay.url)
    const intruder = await pool.make(harness.relay.url)
    const { topic } = await establishSession(dapp, wallet)
    const { topic: intruderTopic } = await establishSession(intruder, wallet)
    const shown = nextEvent(wallet, 'session_request')
    const id = await rawRequest(dapp, topic, { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] })
    expect((await shown).params.request.method).toBe('personal_sign')

    const transfer = {
      method: 'eth_sendTransaction',
      params: [{ from: ADDRESS, to: ADDRESS, value: '0xde0b6b3a7640000' }],
    }
    await rawRequest(dapp, topic, transfer, id)
    await rawRequest(intruder, intruderTopic, transfer, id)
    await handledSoFar(dapp, wallet, topic)
    await handledSoFar(intruder, wallet, intruderTopic)
    expect(wallet.getPendingSessionRequests()).toEqual([
      expect.objectContaining({
        id,
        topic,
        params: expect.objectContaining({ request: expect.objectContaining({ method: 'personal_sign' }) }),
      }),
    ])
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x00' } })
  })

  it('a request under the id of a proposal the wallet holds is dropped, and the proposal keeps its expiry', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const dapp = await pool.make(harness.relay.url)
    const proposer = await pool.make(harness.relay.url)
    const { topic } = await establishSession(dapp, wallet)
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri } = await proposer.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri ?? '' })
    const { id } = await proposal

    // Answering such a request would have dropped the expiry it took over: the proposal held for good.
    await rawRequest(dapp, topic, { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }, id)
    await handledSoFar(dapp, wallet, topic)
    expect(wallet.getPendingSessionRequests()).toEqual([])
    expect(engineOf(wallet).expirer.has(`id:${id}`)).toBe(true)
    expect(wallet.proposal.keys).toContain(id)
  })
  it('wc_pairingDelete sent on a session topic is ignored: the session keeps its key and can still be ended', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    await sendRequest(engineOf(dapp), {
      topic,
      method: 'wc_pairingDelete',
      params: { code: 6000, message: 'bye' },
    })
    await handledSoFar(dapp, wallet, topic)
    expect(engineOf(wallet).stores.keychain.has(topic)).toBe(true)
    const ended = nextEvent(dapp, 'session_delete')
    await wallet.disconnect({ topic, reason: { code: 6000, message: 'user disconnected' } })
    expect((await ended).topic).toBe(topic)
  })

  it('a proposal or sign-in request sent on a session topic is ignored: connection prompts come only over a pairing', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    let prompts = 0
    wallet.on('session_proposal', () => prompts++)
    wallet.on('session_authenticate', () => prompts++)
    const ctx = engineOf(dapp)
    const publicKey = await createKeyPair(ctx)
    const proposal = {
      relays: [{ protocol: 'irn' }],
      proposer: { publicKey, metadata: dappMetadata },
      requiredNamespaces: {},
      optionalNamespaces: requestedNamespaces,
      expiryTimestamp: nowSeconds() + 300,
    }
    await sendRequest(ctx, { topic, method: 'wc_sessionPropose', params: proposal })
    const { params: signIn } = signInRequest(0, publicKey)
    await sendRequest(ctx, { topic, method: 'wc_sessionAuthenticate', params: signIn })
    await handledSoFar(dapp, wallet, topic)
    expect(prompts).toBe(0)
    expect(wallet.proposal.keys).toEqual([])
    expect(engineOf(wallet).stores.authRequests.getAll()).toEqual([])
  })

  it('a queued request expiring behind the one shown does not hand the shown one out again', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const handedOut: number[] = []
    wallet.on('session_request', ({ id }) => handedOut.push(id))
    const expired = nextEvent(wallet, 'session_request_expire')
    const shown = await rawRequest(dapp, topic, {
      method: 'personal_sign',
      params: ['0x00', ADDRESS],
      expiryTimestamp: nowSeconds() + 600,
    })
    await expect.poll(() => handedOut).toEqual([shown])
    const shortLived = await rawRequest(dapp, topic, {
      method: 'personal_sign',
      params: ['0x01', ADDRESS],
      expiryTimestamp: nowSeconds() + 1,
    })
    expect((await expired).id).toBe(shortLived)
    await rawRequest(dapp, topic, {
      method: 'personal_sign',
      params: ['0x02', ADDRESS],
      expiryTimestamp: nowSeconds() + 600,
    })
    await handledSoFar(dapp, wallet, topic)
    expect(handedOut).toEqual([shown])
  })

  it("a sign-in's answer counts only on its response topic: one sent on another topic the dapp holds is ignored", async () => {
    const dapp = await pool.make(harness.relay.url)
    const intruder = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, intruder)
    const { uri, response } = await signIn(dapp)
    const id = pendingSignInId(dapp)

    // The intruder has a session with the dapp, and a guessed (here: read) id; its answer would end the sign-in.
    await sendError(engineOf(intruder), topic, 'wc_sessionAuthenticate', id, {
      code: 5000,
      message: 'User rejected.',
    })
    await handledSoFar(intruder, dapp, topic)
    expect(engineOf(dapp).calls.authentication(id)).toBeDefined()

    wallet.on('session_authenticate', async ({ id, params }) => {
      pool.inBackground(wallet.approveSessionAuthenticate({ id, auths: [await signedCacao(wallet, params)] }))
    })
    await wallet.pair({ uri })
    expect((await response()).auths?.[0]?.p.iss).toBe(`did:pkh:eip155:1:${account.address}`)
  })

  it("a request sealed to a sign-in's response key and sent on its response topic is dropped", async () => {
    const dapp = await pool.make(harness.relay.url)
    const intruder = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, intruder)
    await signIn(dapp)
    const pending = engineOf(dapp).calls.authentication(pendingSignInId(dapp))
    if (!pending) throw new Error('no sign-in pending')
    const proposals = engineOf(dapp).stores.proposals.getAll().length

    // The response key is public (it is in the sign-in request), so anyone can seal to it.
    const ctx = engineOf(intruder)
    const sender = await createKeyPair(ctx)
    const id = newPayloadId(ctx)
    const proposal = formatRequest(
      'wc_sessionPropose',
      {
        relays: [{ protocol: 'irn' }],
        proposer: { publicKey: sender, metadata: walletMetadata },
        requiredNamespaces: {},
        optionalNamespaces: {},
        expiryTimestamp: nowSeconds() + 300,
      },
      id,
    )
    const message = sealTypeOne(proposal, await sharedSymKey(ctx, sender, pending.publicKey), sender)
    await publishSealed(ctx, {
      topic: pending.responseTopic,
      message,
      method: 'wc_sessionPropose',
      kind: 'request',
      id,
    })
    // Published before the ping on one socket, so the dapp reads it first.
    await handledSoFar(intruder, dapp, topic)
    expect(engineOf(dapp).stores.proposals.getAll()).toHaveLength(proposals)
    expect(
      engineOf(dapp)
        .stores.proposals.getAll()
        .map((p) => p.pairingTopic),
    ).not.toContain(pending.responseTopic)
  })

  it('a settle naming an expiry past the week a session lasts is held to the week', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    // Ours always names a week; a wallet on an SDK of its own names what it likes, here a century.
    const ctx = engineOf(wallet)
    const approveSession = ctx.relay.approveSession.bind(ctx.relay)
    vi.spyOn(ctx.relay, 'approveSession').mockImplementation(async (params) => {
      const settle = JSON.parse(
        (await openMessage(ctx, params.sessionTopic, params.sessionSettlementRequest)) ?? '',
      )
      settle.params.expiry = nowSeconds() + 100 * 365 * ONE_DAY
      return approveSession({
        ...params,
        sessionSettlementRequest: sealForTopic(ctx, params.sessionTopic, settle),
      })
    })
    const { topic } = await establishSession(dapp, wallet)
    expect(dapp.session.get(topic).expiry).toBeLessThanOrEqual(nowSeconds() + SEVEN_DAYS)
  })

  it('a proposal the wallet rejects leaves no key of it behind', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri ?? '' })
    const { id, params } = await proposal
    await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    await expect(approval()).rejects.toMatchObject({ code: 5000 })
    expect(engineOf(dapp).stores.keychain.has(params.proposer.publicKey)).toBe(false)
  })

  it('a settle the dapp refuses leaves no key of the proposal behind', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: requestedNamespaces,
      authentication: [
        { chains: ['eip155:1'], domain: 'dapp.example', uri: 'https://dapp.example', nonce: 'n' },
      ],
    })
    await wallet.pair({ uri: uri ?? '' })
    const { id, params } = await proposal
    const [request] = params.requests?.authentication ?? []
    if (!request) throw new Error('the proposal asked for no sign-in')
    // A sign-in signed by nobody: the dapp refuses the settle that carries it.
    const forged = buildAuthObject(
      request,
      { t: 'eip191', s: `0x${'11'.repeat(65)}` },
      `eip155:1:${account.address}`,
    )
    const { topic } = await wallet.approve({
      id,
      namespaces: approvedNamespaces,
      proposalRequestsResponses: { authentication: [forged] },
    })
    await expect(approval()).rejects.toMatchObject({ code: 7000 })
    const { keychain } = engineOf(dapp).stores
    expect(keychain.has(topic)).toBe(false)
    expect(keychain.has(params.proposer.publicKey)).toBe(false)
  })
})

/** The dapp asks to sign in (personal_sign granted by its recap); its URI and answer. */
function signIn(dapp: SignClient) {
  return dapp.authenticate({
    chains: ['eip155:1'],
    domain: 'dapp.example',
    uri: 'https://dapp.example',
    nonce: 'n0nce',
    methods: ['personal_sign'],
  })
}

/** The id of the dapp's one sign-in awaiting its answer. */
function pendingSignInId(dapp: SignClient): number {
  const record = engineOf(dapp)
    .stores.history.getAll()
    .find((entry) => entry.method === 'wc_sessionAuthenticate')
  if (!record) throw new Error('no sign-in sent')
  return record.id
}

/** The test account's CACAO for a sign-in request, as a wallet makes it. */
async function signedCacao(
  wallet: SignClient,
  params: { authPayload: Parameters<typeof buildAuthObject>[0] },
) {
  const iss = `did:pkh:eip155:1:${account.address}`
  const message = wallet.formatAuthMessage({ request: params.authPayload, iss })
  return buildAuthObject(params.authPayload, { t: 'eip191', s: await account.signMessage({ message }) }, iss)
}
