import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { httpVerifyResolver, type VerifyResolver } from '../../engine/index.js'
import { dappMetadata, useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { TestVerifyKey, TestVerifyServer } from '../engine/support/verifyServer.js'
import { establishSession, nextEvent, rawProposal } from './support/fixtures.js'

const harness = useTestRelay()
const { pool } = harness
afterEach(() => {
  vi.restoreAllMocks()
})

async function proposalContext(resolver?: VerifyResolver) {
  const dapp = await pool.make(harness.relay.url)
  const wallet = await pool.make(harness.relay.url, {
    metadata: walletMetadata,
    ...(resolver ? { verifyResolver: resolver } : {}),
  })
  const proposal = nextEvent(wallet, 'session_proposal')
  const { uri } = await dapp.connect({
    optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
  })
  await wallet.pair({ uri: uri as string })
  return (await proposal).verifyContext
}

describe('verify context conformance', () => {
  it('with no verify service configured, validation is UNKNOWN and nothing is fetched', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const context = await proposalContext()
    expect(context).toEqual({ verified: { verifyUrl: '', validation: 'UNKNOWN', origin: dappMetadata.url } })
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const request = nextEvent(wallet, 'session_request')
    void dapp
      .request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [] } })
      .catch(() => {})
    expect((await request).verifyContext.verified.validation).toBe('UNKNOWN')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('ROLE-02 ROLE-03 VALID when the service vouches for the claimed origin, INVALID otherwise, UNKNOWN with no answer, isScam passed on', async () => {
    expect((await proposalContext(async () => ({ origin: 'https://dapp.example' }))).verified).toMatchObject({
      validation: 'VALID',
      origin: 'https://dapp.example',
    })
    expect(
      (await proposalContext(async () => ({ origin: 'https://evil.example', isScam: true }))).verified,
    ).toEqual({
      verifyUrl: '',
      validation: 'INVALID',
      origin: 'https://evil.example',
      isScam: true,
    })
    expect((await proposalContext(async () => undefined)).verified.validation).toBe('UNKNOWN')
    expect(
      (
        await proposalContext(async () => {
          throw new Error('verify down')
        })
      ).verified.validation,
    ).toBe('UNKNOWN')
  })

  it('CALL-12 resolving sends attestationId, hash and encryptedId with the verifyUrl, and returns origin and isScam', async () => {
    const queries: Parameters<VerifyResolver>[0][] = []
    const wallet = await pool.make(harness.relay.url, {
      metadata: walletMetadata,
      verifyUrl: 'https://verify.example',
      verifyResolver: async (query) => {
        queries.push(query)
        return { origin: 'https://dapp.example', isScam: true }
      },
    })
    const proposer = { publicKey: 'c'.repeat(64), metadata: dappMetadata }
    const expiryTimestamp = Math.floor(Date.now() / 1000) + 300
    let published = ''
    const { peer, pairingTopic, id, verifyContext } = await rawProposal(
      harness.relay.url,
      wallet,
      { proposer, expiryTimestamp },
      async (message) => {
        published = message
        return 'the-attestation-the-relay-carried'
      },
    )
    harness.peers.push(peer)
    // The request exactly as the raw dapp built it (fixtures.ts), in its key order.
    const request = {
      id,
      jsonrpc: '2.0',
      method: 'wc_sessionPropose',
      params: {
        requiredNamespaces: {},
        optionalNamespaces: {
          eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] },
        },
        relays: [{ protocol: 'irn' }],
        proposer,
        expiryTimestamp,
        pairingTopic,
        id,
      },
    }
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(queries).toEqual([
      {
        attestationId: 'the-attestation-the-relay-carried',
        hash: sha256(JSON.stringify(request)),
        encryptedId: sha256(published),
        verifyUrl: 'https://verify.example',
      },
    ])
    expect(verifyContext.verified).toEqual({
      verifyUrl: 'https://verify.example',
      validation: 'VALID',
      origin: 'https://dapp.example',
      isScam: true,
    })
  })

  it('asks an HTTP verify service by the message id', async () => {
    const asked: string[] = []
    const server: Server = createServer((request, response) => {
      asked.push(request.url ?? '')
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ origin: 'https://dapp.example', isScam: false }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const context = await proposalContext(httpVerifyResolver({ url }))
      expect(context.verified).toMatchObject({ validation: 'VALID', isScam: false })
      expect(asked).toHaveLength(1)
      expect(asked[0]).toMatch(/^\/attestation\/[0-9a-f]{64}\?v2Supported=true$/)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('VALID from an attestation only when it is of this very message, signed by the verify server and unexpired', async () => {
    const verify = await TestVerifyServer.start()
    try {
      const wallet = await pool.make(harness.relay.url, {
        metadata: walletMetadata,
        verifyResolver: httpVerifyResolver({ url: verify.url }),
      })
      const exp = Math.floor(Date.now() / 1000) + 600
      const claims = (message: string) => ({
        id: createHash('sha256').update(message).digest('hex'),
        origin: 'https://dapp.example',
        isVerified: true,
        exp,
      })
      const validation = async (attest: (message: string) => Promise<string>) => {
        const proposal = await rawProposal(harness.relay.url, wallet, {}, attest)
        harness.peers.push(proposal.peer)
        return proposal.verifyContext.verified.validation
      }
      const forger = await TestVerifyKey.generate()
      expect(await validation((message) => verify.key.sign(claims(message)))).toBe('VALID')
      expect(await validation(() => verify.key.sign(claims('another message')))).toBe('UNKNOWN')
      expect(await validation((message) => forger.sign(claims(message)))).toBe('UNKNOWN')
      expect(await validation((message) => verify.key.sign({ ...claims(message), exp: exp - 1200 }))).toBe(
        'UNKNOWN',
      )
    } finally {
      await verify.close()
    }
  })
})
