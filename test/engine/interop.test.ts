import { afterEach, describe, expect, it } from 'vitest'
import type { SignClient } from '../../engine/index.js'
import type { AuthPayload } from '../../engine/schemas/index.js'
import { sendAndAwait } from '../../engine/transport/send.js'
import { inBackground } from '../interop/support/inBackground.js'
import { type Implementation, official225, ours, type SignSide } from '../interop/support/sides.js'
import { LOCAL_CHAIN, walletAccount, walletNamespaces } from '../interop/support/walletAgent.js'
import { useTestRelay } from './support/harness.js'
import { engineOf } from './support/internals.js'

// The whole Sign flow with the official clients is the interop matrix (test/interop/matrix.test.ts);
// here is what it does not cover: the one-step connect and sign-in that 2.25 added.

const harness = useTestRelay()
const opened: [Implementation, SignSide][] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map(([implementation, side]) => implementation.close(side)))
})

async function open(implementation: Implementation, role: 'dapp' | 'wallet'): Promise<SignSide> {
  const side = await implementation.make(role, harness.relay.url)
  opened.push([implementation, side])
  return side
}

const iss = `did:pkh:${LOCAL_CHAIN}:${walletAccount.address}`
const authentication = [
  { chains: [LOCAL_CHAIN], domain: 'dapp.example', uri: 'https://dapp.example', nonce: 'one-step', ttl: 300 },
]

describe.each([
  { dappSide: ours, walletSide: official225 },
  { dappSide: official225, walletSide: ours },
])('one-step connect and sign-in: $dappSide.name dapp ↔ $walletSide.name wallet', ({
  dappSide,
  walletSide,
}) => {
  it('answers the proposal with a CACAO that lands in the session', async () => {
    const dapp = await open(dappSide, 'dapp')
    const wallet = await open(walletSide, 'wallet')
    wallet.on('session_proposal', async ({ id, params }) => {
      const request = params.requests?.authentication?.[0] as AuthPayload | undefined
      if (!request) throw new Error('no sign-in request in the proposal')
      const message = wallet.formatAuthMessage({ request, iss })
      const signature = await walletAccount.signMessage({ message })
      await wallet.approve({
        id,
        namespaces: walletNamespaces(),
        proposalRequestsResponses: {
          authentication: [walletSide.buildAuthObject(request, { t: 'eip191', s: signature }, iss)],
        },
      })
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [LOCAL_CHAIN], methods: ['personal_sign'], events: ['accountsChanged'] },
      },
      authentication,
    })
    await wallet.pair({ uri: uri as string })
    const session = await approval()
    expect(session.authentication?.[0]?.p).toMatchObject({ iss, nonce: 'one-step', domain: 'dapp.example' })
  })
})

describe.each([
  { dappSide: ours, walletSide: official225 },
  { dappSide: official225, walletSide: ours },
])('proposal answers: $dappSide.name dapp ↔ $walletSide.name wallet', ({ dappSide, walletSide }) => {
  const optionalNamespaces = {
    eip155: { chains: [LOCAL_CHAIN], methods: ['personal_sign'], events: ['accountsChanged'] },
  }

  it("WC-05 rejecting deletes the proposal, and the app's connect fails with the rejection reason", async () => {
    const dapp = await open(dappSide, 'dapp')
    const wallet = await open(walletSide, 'wallet')
    const reason = { code: 5000, message: 'User rejected: not this time.' }
    const rejected = new Promise<void>((resolve, reject) => {
      wallet.on('session_proposal', ({ id }) => {
        wallet.reject({ id, reason }).then(resolve, reject)
      })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces })
    await wallet.pair({ uri: uri as string })
    await expect(approval()).rejects.toMatchObject(reason)
    await rejected
    expect(wallet.proposal.length).toBe(0)
    expect(dapp.proposal.length).toBe(0)
  })

  it("ENT-21 capabilities, bundler_name and bundler_url in the session properties reach the app's session unchanged", async () => {
    const dapp = await open(dappSide, 'dapp')
    const wallet = await open(walletSide, 'wallet')
    const sessionProperties = {
      capabilities: JSON.stringify({
        [walletAccount.address]: {
          '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
        },
      }),
      bundler_name: 'pimlico',
      bundler_url: 'https://bundler.example/rpc?chain=31337',
    }
    wallet.on('session_proposal', ({ id }) => {
      inBackground(wallet.approve({ id, namespaces: walletNamespaces(), sessionProperties }))
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces })
    await wallet.pair({ uri: uri as string })
    const session = await approval()
    expect(session.sessionProperties).toEqual(sessionProperties)
    expect(dapp.session.get(session.topic).sessionProperties).toEqual(sessionProperties)
  })
})

describe('refusals from an official 2.25.0 peer', () => {
  it('a request the official wallet refuses fails at once, though its error arrives as an empty object', async () => {
    const dapp = await open(ours, 'dapp')
    const wallet = await open(official225, 'wallet')
    wallet.on('session_proposal', ({ id }) => {
      inBackground(wallet.approve({ id, namespaces: walletNamespaces() }))
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [LOCAL_CHAIN], methods: ['personal_sign'], events: ['accountsChanged'] },
      },
    })
    await wallet.pair({ uri: uri as string })
    const { topic } = await approval()
    // Sent past our own checks, on a chain the session lacks: the official wallet throws an Error over it,
    // which reaches the wire as `error: {}`.
    const { done } = await sendAndAwait(engineOf(dapp as unknown as SignClient), {
      topic,
      method: 'wc_sessionRequest',
      params: { chainId: 'eip155:999', request: { method: 'personal_sign', params: [] } },
      timeoutMs: 15_000,
      timeoutMessage: 'no answer from the official wallet',
    })
    await expect(done).rejects.toMatchObject({ code: 0, message: 'The peer refused without saying why' })
  })
})
