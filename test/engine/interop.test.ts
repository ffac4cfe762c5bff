import { SignClient as OfficialSignClient } from '@walletconnect/sign-client'
import { buildAuthObject as officialBuildAuthObject } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { SignClient as OfficialSignClient221 } from 'wc-sign-client-2-21'
import { buildAuthObject, type SignClient } from '../../engine/index.js'
import { dappMetadata, nextEvent, useTestRelay, walletMetadata } from './support/harness.js'

// The official clients skip the Verify server (an outside host) under this flag.
process.env.IS_VITEST = 'true'

type Official = Awaited<ReturnType<typeof OfficialSignClient.init>>
const versions: [string, typeof OfficialSignClient][] = [
  ['2.25.0', OfficialSignClient],
  ['2.21.5', OfficialSignClient221 as unknown as typeof OfficialSignClient],
]

const CHAIN = 'eip155:31337'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const namespacesFor = (chains: string[]) => ({
  eip155: {
    chains,
    methods: ['personal_sign'],
    events: ['accountsChanged', 'chainChanged'],
    accounts: chains.map((chain) => `${chain}:${account.address}`),
  },
})
const requested = {
  eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
}

const harness = useTestRelay()
const { pool } = harness
const officials: Official[] = []
afterEach(async () => {
  for (const client of officials.splice(0)) {
    client.core.heartbeat.stop()
    await client.core.relayer.transportClose().catch(() => {})
  }
})

async function official(Client: typeof OfficialSignClient, role: string): Promise<Official> {
  const client = await Client.init({
    projectId: 'pairwise-interop',
    relayUrl: harness.relay.url,
    customStoragePrefix: `${role}-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: role === 'dapp' ? dappMetadata : walletMetadata,
  })
  officials.push(client)
  return client
}

function officialEvent(
  client: Official,
  name: 'session_update' | 'session_extend' | 'session_event' | 'session_delete',
) {
  return new Promise<{ topic: string; params?: unknown }>((resolve) => client.once(name, resolve as never))
}

async function sign(text: string, request: (message: Hex) => Promise<Hex>): Promise<void> {
  const message = toHex(text)
  const signature = await request(message)
  expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)
}

describe.each(versions)('interop with the official client %s', (_version, Client) => {
  it('our dapp ↔ official wallet: connect, sign, update, extend, ping, event, delete', async () => {
    const dapp: SignClient = await pool.make(harness.relay.url, { metadata: dappMetadata })
    const wallet = await official(Client, 'wallet')
    wallet.on('session_proposal', (proposal) => {
      void wallet
        .approve({ id: proposal.id, namespaces: namespacesFor([CHAIN]) })
        .then(({ acknowledged }) => acknowledged())
    })
    wallet.on('session_request', (request) => {
      const [message] = request.params.request.params as [Hex]
      void account
        .signMessage({ message: { raw: message } })
        .then((result) =>
          wallet.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } }),
        )
    })

    const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
    await wallet.pair({ uri: uri as string })
    const session = await approval()
    const { topic } = session
    expect(session.peer.metadata.name).toBe(walletMetadata.name)
    expect(session.namespaces).toEqual(namespacesFor([CHAIN]))
    expect(wallet.session.get(topic).peer.metadata.name).toBe(dappMetadata.name)

    await sign('interop: our dapp', (message) =>
      dapp.request<Hex>({
        topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, account.address] },
      }),
    )

    const updated = nextEvent(dapp, 'session_update')
    const { acknowledged: updateAck } = await wallet.update({
      topic,
      namespaces: namespacesFor([CHAIN, 'eip155:1']),
    })
    await Promise.all([updateAck(), updated])
    expect(dapp.session.get(topic).namespaces).toEqual(namespacesFor([CHAIN, 'eip155:1']))

    const extended = nextEvent(dapp, 'session_extend')
    const { acknowledged: extendAck } = await wallet.extend({ topic })
    await Promise.all([extendAck(), extended])

    await dapp.ping({ topic })
    await wallet.ping({ topic })

    const event = nextEvent(dapp, 'session_event')
    await wallet.emit({ topic, chainId: CHAIN, event: { name: 'accountsChanged', data: [account.address] } })
    expect((await event).params.event.name).toBe('accountsChanged')

    const deleted = officialEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic })
    expect((await deleted).topic).toBe(topic)
    expect(wallet.session.keys).not.toContain(topic)
  })

  it('official dapp ↔ our wallet: connect, sign, update, extend, ping, event, delete', async () => {
    const dapp = await official(Client, 'dapp')
    const wallet: SignClient = await pool.make(harness.relay.url, { metadata: walletMetadata })
    wallet.on('session_proposal', (proposal) => {
      void wallet
        .approve({ id: proposal.id, namespaces: namespacesFor([CHAIN]) })
        .then(({ acknowledged }) => acknowledged())
    })
    wallet.on('session_request', (request) => {
      const [message] = request.params.request.params as [Hex]
      void account
        .signMessage({ message: { raw: message } })
        .then((result) =>
          wallet.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } }),
        )
    })

    const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
    const proposal = nextEvent(wallet, 'session_proposal')
    await wallet.pair({ uri: uri as string })
    expect((await proposal).params.optionalNamespaces).toEqual(requested)
    const session = await approval()
    const { topic } = session
    expect(session.peer.metadata.name).toBe(walletMetadata.name)
    expect(wallet.session.get(topic).peer.metadata.name).toBe(dappMetadata.name)
    const acknowledged = () => wallet.session.get(topic).acknowledged
    for (let i = 0; i < 50 && !acknowledged(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(acknowledged()).toBe(true)

    await sign('interop: our wallet', (message) =>
      dapp.request<Hex>({
        topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, account.address] },
      }),
    )

    const updated = officialEvent(dapp, 'session_update')
    const { acknowledged: updateAck } = await wallet.update({
      topic,
      namespaces: namespacesFor([CHAIN, 'eip155:1']),
    })
    await Promise.all([updateAck(), updated])
    expect(dapp.session.get(topic).namespaces).toEqual(namespacesFor([CHAIN, 'eip155:1']))

    const extended = officialEvent(dapp, 'session_extend')
    const { acknowledged: extendAck } = await wallet.extend({ topic })
    await Promise.all([extendAck(), extended])

    await dapp.ping({ topic })
    await wallet.ping({ topic })

    const event = officialEvent(dapp, 'session_event')
    await wallet.emit({ topic, chainId: CHAIN, event: { name: 'chainChanged', data: 1 } })
    expect(((await event).params as { event: { name: string } }).event.name).toBe('chainChanged')

    const deleted = nextEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect((await deleted).topic).toBe(topic)
    expect(wallet.session.length).toBe(0)
  })

  it('our dapp authenticate() ↔ official wallet: signed in with a session', async () => {
    const dapp: SignClient = await pool.make(harness.relay.url, { metadata: dappMetadata })
    const wallet = await official(Client, 'wallet')
    wallet.on('session_authenticate', async ({ id, params }) => {
      const iss = `did:pkh:${CHAIN}:${account.address}`
      const message = wallet.formatAuthMessage({ request: params.authPayload, iss })
      const signature = await account.signMessage({ message })
      await wallet.approveSessionAuthenticate({
        id,
        auths: [officialBuildAuthObject(params.authPayload, { t: 'eip191', s: signature }, iss)],
      })
    })
    const { uri, response } = await dapp.authenticate({
      chains: [CHAIN],
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      nonce: 'interop-nonce',
      methods: ['personal_sign'],
    })
    await wallet.pair({ uri })
    const { auths, session } = await response()
    expect(auths?.[0]?.p.iss).toBe(`did:pkh:${CHAIN}:${account.address}`)
    const topic = session?.topic as string
    expect(wallet.session.keys).toContain(topic)
    wallet.on('session_request', (request) => {
      const [message] = request.params.request.params as [Hex]
      void account
        .signMessage({ message: { raw: message } })
        .then((result) =>
          wallet.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } }),
        )
    })
    await sign('interop: authenticated session', (message) =>
      dapp.request<Hex>({
        topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, account.address] },
      }),
    )
  })

  it('official dapp authenticate() ↔ our wallet: signed in with a session', async () => {
    const dapp = await official(Client, 'dapp')
    const wallet: SignClient = await pool.make(harness.relay.url, { metadata: walletMetadata })
    wallet.on('session_authenticate', async ({ id, params }) => {
      const iss = `did:pkh:${CHAIN}:${account.address}`
      const signature = await account.signMessage({
        message: wallet.formatAuthMessage({ request: params.authPayload, iss }),
      })
      await wallet.approveSessionAuthenticate({
        id,
        auths: [buildAuthObject(params.authPayload, { t: 'eip191', s: signature }, iss)],
      })
    })
    const { uri, response } = await dapp.authenticate({
      chains: [CHAIN],
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      nonce: 'interop-nonce',
      methods: ['personal_sign'],
    })
    await wallet.pair({ uri })
    const { auths, session } = await response()
    expect(auths?.[0]?.p.iss).toBe(`did:pkh:${CHAIN}:${account.address}`)
    const topic = session.topic
    expect(wallet.session.get(topic).namespaces.eip155?.methods).toEqual(['personal_sign'])
    wallet.on('session_request', (request) => {
      const [message] = request.params.request.params as [Hex]
      void account
        .signMessage({ message: { raw: message } })
        .then((result) =>
          wallet.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } }),
        )
    })
    await sign('interop: our authenticated wallet', (message) =>
      dapp.request<Hex>({
        topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, account.address] },
      }),
    )
  })
})

describe('one-step connect and sign-in with the official client 2.25.0', () => {
  const authentication = [
    { chains: [CHAIN], domain: 'dapp.example', uri: 'https://dapp.example', nonce: 'one-step', ttl: 300 },
  ]
  const iss = `did:pkh:${CHAIN}:${account.address}`

  it('our dapp ↔ official wallet', async () => {
    const dapp: SignClient = await pool.make(harness.relay.url, { metadata: dappMetadata })
    const wallet = await official(OfficialSignClient, 'wallet')
    wallet.on('session_proposal', async ({ id, params }) => {
      const request = params.requests?.authentication?.[0]
      if (!request) throw new Error('no sign-in request in the proposal')
      const signature = await account.signMessage({ message: wallet.formatAuthMessage({ request, iss }) })
      await wallet.approve({
        id,
        namespaces: namespacesFor([CHAIN]),
        proposalRequestsResponses: {
          authentication: [officialBuildAuthObject(request, { t: 'eip191', s: signature }, iss)],
        },
      })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requested, authentication })
    await wallet.pair({ uri: uri as string })
    const session = await approval()
    expect(session.authentication?.[0]?.p.iss).toBe(iss)
  })

  it('official dapp ↔ our wallet', async () => {
    const dapp = await official(OfficialSignClient, 'dapp')
    const wallet: SignClient = await pool.make(harness.relay.url, { metadata: walletMetadata })
    wallet.on('session_proposal', async ({ id, params }) => {
      const request = params.requests?.authentication?.[0]
      if (!request) throw new Error('no sign-in request in the proposal')
      const signature = await account.signMessage({ message: wallet.formatAuthMessage({ request, iss }) })
      await wallet.approve({
        id,
        namespaces: namespacesFor([CHAIN]),
        proposalRequestsResponses: {
          authentication: [buildAuthObject(request, { t: 'eip191', s: signature }, iss)],
        },
      })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requested, authentication })
    await wallet.pair({ uri: uri as string })
    const session = await approval()
    expect(session.authentication?.[0]?.p.iss).toBe(iss)
  })
})
