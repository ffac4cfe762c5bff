import {
  createEncodedRecap,
  buildAuthObject as officialBuildAuthObject,
  formatMessage as officialFormatMessage,
} from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  buildAuthObject,
  createRecap,
  decodeRecap,
  encodeRecap,
  formatAuthMessage,
  type SignClient,
  verifyCacaoSignature,
} from '../../engine/index.js'
import type { AuthPayload } from '../../engine/schemas/index.js'
import { nextEvent, useTestRelay, walletMetadata } from './support/harness.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const iss = `did:pkh:eip155:1:${account.address}`

const payload: AuthPayload = {
  type: 'caip122',
  chains: ['eip155:1'],
  domain: 'dapp.example',
  aud: 'https://dapp.example/login',
  version: '1',
  nonce: 'n0nce',
  iat: '2026-01-01T00:00:00.000Z',
  statement: 'Sign in to Dapp',
  resources: [
    'https://dapp.example/terms',
    createEncodedRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction']),
  ],
}

describe('SIWE messages and recaps', () => {
  it('formats the message byte for byte as the official client', () => {
    expect(formatAuthMessage(payload, iss)).toBe(officialFormatMessage(payload, iss))
    const bare = {
      ...payload,
      statement: undefined,
      resources: undefined,
      exp: '2026-02-01T00:00:00Z',
      requestId: 'r1',
    }
    expect(formatAuthMessage(bare, iss)).toBe(officialFormatMessage(bare, iss))
    expect(formatAuthMessage(payload, iss)).toContain(
      "(1) 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'.",
    )
  })

  it('encodes recaps as the official client and decodes them back', () => {
    const ours = encodeRecap(createRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction']))
    expect(ours).toBe(createEncodedRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction']))
    expect(Object.keys(decodeRecap(ours).att.eip155 ?? {})).toEqual([
      'request/eth_sendTransaction',
      'request/personal_sign',
    ])
  })

  it('refuses statements with line breaks', () => {
    expect(() => formatAuthMessage({ ...payload, statement: 'a\nURI: evil' }, iss)).toThrow(/line breaks/)
  })

  it('builds and verifies CACAOs', async () => {
    const signature = await account.signMessage({ message: formatAuthMessage(payload, iss) })
    const cacao = buildAuthObject(payload, { t: 'eip191', s: signature }, `eip155:1:${account.address}`)
    expect(cacao).toEqual(
      officialBuildAuthObject(payload, { t: 'eip191', s: signature }, `eip155:1:${account.address}`),
    )
    expect(await verifyCacaoSignature(cacao)).toBe(true)
    expect(await verifyCacaoSignature({ ...cacao, p: { ...cacao.p, nonce: 'other' } })).toBe(false)
    expect(await verifyCacaoSignature({ ...cacao, s: { t: 'eip1271', s: signature } })).toBe(false)
    // v as 0/1 (some signers) verifies like 27/28; a truncated or non-hex signature does not.
    const v = Number.parseInt(signature.slice(-2), 16) - 27
    const zeroBasedV = `${signature.slice(0, -2)}${v.toString(16).padStart(2, '0')}`
    expect(await verifyCacaoSignature({ ...cacao, s: { t: 'eip191', s: zeroBasedV } })).toBe(true)
    for (const bad of [signature.slice(0, -2), `${signature.slice(0, -1)}z`, '0x'])
      expect(await verifyCacaoSignature({ ...cacao, s: { t: 'eip191', s: bad } })).toBe(false)
  })
})

const harness = useTestRelay()
const { pool } = harness

// A sign-in that succeeds, between every pairing of our client and the official ones, is in the interop
// matrix (test/interop/matrix.test.ts); these are the paths where it does not.

/** Our dapp asks our wallet to sign in; resolves once the wallet has paired. */
async function startSignIn(wallet: SignClient) {
  const dapp = await pool.make(harness.relay.url)
  const { uri, response } = await dapp.authenticate({
    chains: ['eip155:1'],
    domain: 'd.example',
    uri: 'https://d.example',
    nonce: 'n',
  })
  await wallet.pair({ uri })
  return response
}

const approvedNamespaces = {
  eip155: { accounts: [`eip155:1:${account.address}`], methods: ['personal_sign'], events: [] },
}

describe('authenticate() between our clients', () => {
  it('fails response() with the reason of a wallet that refuses', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    wallet.on('session_authenticate', ({ id }) => {
      void wallet.rejectSessionAuthenticate({
        id,
        reason: { code: 12001, message: 'User rejected request.' },
      })
    })
    const response = await startSignIn(wallet)
    await expect(response()).rejects.toMatchObject({ code: 12001 })
    expect(wallet.auth.requests.length).toBe(0)
  })

  it('falls back to the session proposal with a wallet that does not handle sign-in', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const response = await startSignIn(wallet)
    const { id, params } = await proposal
    expect(params.optionalNamespaces.eip155?.methods).toEqual(['personal_sign'])
    await wallet.approve({ id, namespaces: approvedNamespaces })
    const { auths, session } = await response()
    expect(auths).toBeUndefined()
    expect(session?.peer.metadata.name).toBe(walletMetadata.name)
  })

  it('refuses to approve with a CACAO whose signature does not verify', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const request = nextEvent(wallet, 'session_authenticate')
    const response = await startSignIn(wallet)
    const { id, params } = await request
    const forged = buildAuthObject(
      params.authPayload,
      { t: 'eip191', s: `0x${'11'.repeat(65)}` },
      `eip155:1:${account.address}`,
    )
    await expect(wallet.approveSessionAuthenticate({ id, auths: [forged] })).rejects.toMatchObject({
      code: 7000,
    })
    await expect(response()).rejects.toMatchObject({ code: 7000 })
  })

  /** A dapp's connect() asking for a sign-in with `nonce`, paired with `wallet`: the proposal the wallet got. */
  const connectWithSignIn = async (dapp: SignClient, wallet: SignClient, nonce: string) => {
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
      authentication: [{ chains: ['eip155:1'], domain: 'dapp.example', uri: 'https://dapp.example', nonce }],
    })
    await wallet.pair({ uri: uri as string })
    const { id, params } = await proposal
    const request = params.requests?.authentication?.[0] as AuthPayload
    const answer = (cacao: ReturnType<typeof buildAuthObject>) =>
      wallet.approve({
        id,
        namespaces: approvedNamespaces,
        proposalRequestsResponses: { authentication: [cacao] },
      })
    return { request, answer, approval }
  }

  it('signs in inside connect(): CACAOs answer the proposal requests and land in the session', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const first = await connectWithSignIn(dapp, wallet, 'one-step')
    expect(first.request.nonce).toBe('one-step')
    const signature = await account.signMessage({ message: formatAuthMessage(first.request, iss) })
    const cacao = buildAuthObject(first.request, { t: 'eip191', s: signature }, iss)
    await first.answer(cacao)
    const session = await first.approval()
    expect(session.authentication).toEqual([cacao])

    const second = await connectWithSignIn(dapp, wallet, 'two')
    await second.answer(cacao)
    await expect(second.approval()).rejects.toMatchObject({ code: 7000 })
  })

  it('refuses a sign-in inside connect() whose recap does not decode as an unverified signature', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { request, answer, approval } = await connectWithSignIn(dapp, wallet, 'bad-recap')
    await answer(
      buildAuthObject(
        { ...request, resources: ['urn:recap:%%%'] },
        { t: 'eip191', s: `0x${'11'.repeat(65)}` },
        iss,
      ),
    )
    await expect(approval()).rejects.toMatchObject({
      code: 7000,
      message: expect.stringContaining('Signature verification failed'),
    })
  })
})
