import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  parseEther,
  toHex,
  verifyMessage,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  HTTP_RPC_MAX_LISTENERS,
  HttpRpcConnection,
  type HttpRpcState,
  type NamespaceConfigs,
  PROVIDER_STORAGE_PREFIX,
  ProviderErrorMessage,
  type ProviderRpcError,
  type SessionNamespaces,
  type SignClient,
  type SignClientEvents,
  UniversalProvider,
  type UniversalProviderOptions,
} from '../../engine/index.js'
import { devPrivateKeys, localNetwork } from '../../services/index.js'
import { MemoryStorage } from '../../storage/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'
import { TestWallet } from '../support/testWallet.js'
// Aliased: Biome's React rules take any use* call for a hook.
import { dappMetadata, nextEvent, useTestRelay as relayPerFile, walletMetadata } from './support/harness.js'

const harness = relayPerFile()
const { pool } = harness
const account = privateKeyToAccount(devPrivateKeys[0])
const other = privateKeyToAccount(devPrivateKeys[1])

const granted = (
  chains: string[],
  methods = ['personal_sign', 'eth_sendTransaction'],
): SessionNamespaces => ({
  eip155: {
    chains,
    accounts: chains.map((chain) => `eip155:${chain.split(':')[1]}:${account.address}`),
    methods,
    events: ['chainChanged', 'accountsChanged'],
  },
})

const asked = (chains: string[], extra: Partial<NamespaceConfigs[string]> = {}): NamespaceConfigs => ({
  eip155: {
    chains,
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['chainChanged', 'accountsChanged'],
    ...extra,
  },
})

type Answer = (method: string, params: unknown, chainId: string) => Promise<unknown>
type WalletRequest = { method: string; chainId: string }

const signs: Answer = async (method, params) => {
  if (method !== 'personal_sign') throw Object.assign(new Error('User rejected.'), { code: 4001 })
  return account.signMessage({ message: { raw: (params as [Hex])[0] } })
}

const owned: UniversalProvider[] = []
const servers: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(owned.splice(0).map((provider) => provider.close()))
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A wallet that approves every proposal with `namespaces` and answers requests with `answer`. */
async function approvingWallet(
  namespaces: SessionNamespaces,
  answer: Answer,
  sessionProperties?: Record<string, unknown>,
) {
  const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
  const requests: WalletRequest[] = []
  wallet.on('session_proposal', ({ id }) =>
    pool.inBackground(
      wallet.approve({ id, namespaces, ...(sessionProperties ? { sessionProperties } : {}) }),
    ),
  )
  const respond = async ({ id, topic, params }: SignClientEvents['session_request']) => {
    requests.push({ method: params.request.method, chainId: params.chainId })
    try {
      const result = await answer(params.request.method, params.request.params, params.chainId)
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const { code, message } = error as { code?: number; message: string }
      await wallet.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: code ?? 5000, message } },
      })
    }
  }
  wallet.on('session_request', (request) => pool.inBackground(respond(request)))
  return { wallet, requests }
}

async function providerOn(
  client: SignClient,
  rpcMap?: Record<string, string>,
  userOperationReceipt?: UniversalProviderOptions['userOperationReceipt'],
): Promise<UniversalProvider> {
  const provider = await UniversalProvider.init({
    client,
    logger: 'silent',
    ...(rpcMap ? { rpcMap } : {}),
    ...(userOperationReceipt ? { userOperationReceipt } : {}),
  })
  owned.push(provider)
  return provider
}

type Setup = {
  namespaces?: SessionNamespaces
  ask?: NamespaceConfigs
  answer?: Answer
  storage?: MemoryStorage
  rpcMap?: Record<string, string>
  sessionProperties?: Record<string, unknown>
  userOperationReceipt?: UniversalProviderOptions['userOperationReceipt']
}

/** Our dapp's provider connected to an approving wallet through the test relay. */
async function connected(setup: Setup = {}) {
  const storage = setup.storage ?? new MemoryStorage()
  const dapp = await pool.make(harness.relay.url, { storage })
  const provider = await providerOn(dapp, setup.rpcMap, setup.userOperationReceipt)
  const { wallet, requests } = await approvingWallet(
    setup.namespaces ?? granted(['eip155:1', 'eip155:10']),
    setup.answer ?? signs,
    setup.sessionProperties,
  )
  const uris: string[] = []
  provider.on('display_uri', (uri) => {
    uris.push(uri)
    void wallet.pair({ uri })
  })
  const session = await provider.connect({
    optionalNamespaces: setup.ask ?? asked(['eip155:1', 'eip155:10']),
  })
  return { provider, dapp, wallet, requests, session, storage, uris }
}

/** A JSON-RPC node stand-in answering `blockNumber` to eth_blockNumber and recording every call. */
async function fakeRpc(blockNumber: Hex) {
  const calls: { id: unknown; jsonrpc: unknown; method: string; params: unknown }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const call = JSON.parse(body) as (typeof calls)[number]
      calls.push(call)
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify(
          call.method === 'eth_blockNumber'
            ? { jsonrpc: '2.0', id: call.id, result: blockNumber }
            : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const running = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  servers.push(running)
  return running
}

describe('UniversalProvider errors', () => {
  it("ERR-36 using the provider before its client exists fails with 'Sign Client not initialized'", async () => {
    const provider = new UniversalProvider({ relayUrl: harness.relay.url, logger: 'silent' })
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({
      message: 'Sign Client not initialized',
    })
    await expect(provider.connect({ optionalNamespaces: asked(['eip155:1']) })).rejects.toThrow(
      ProviderErrorMessage.notInitialized,
    )
    await expect(provider.disconnect()).rejects.toThrow(ProviderErrorMessage.notInitialized)
    expect(() => provider.client).toThrow(ProviderErrorMessage.notInitialized)
  })

  it("ERR-35 a request before connect fails with 'Please call connect() before request()'", async () => {
    const provider = await UniversalProvider.init({
      relayUrl: harness.relay.url,
      metadata: dappMetadata,
      logger: 'silent',
    })
    owned.push(provider)
    expect(provider.session).toBeUndefined()
    const error = await provider
      .request({ method: 'eth_accounts' })
      .catch((caught: ProviderRpcError) => caught)
    expect(error).toMatchObject({ message: 'Please call connect() before request()', code: 4900 })
  })

  it("ERR-37 a request for a namespace the session lacks fails with 'Namespace is not configured'", async () => {
    const { provider } = await connected()
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    await expect(
      provider.request({ method: 'solana_signMessage', params: {} }, solana),
    ).rejects.toMatchObject({
      message: 'Namespace is not configured',
      data: { namespace: 'solana' },
    })
    expect(() => provider.setDefaultChain('cosmos:cosmoshub-4')).toThrow('Namespace is not configured')
    await expect(provider.request({ method: 'eth_chainId' }, 'eip155:10')).resolves.toBe('0xa')
  })

  it("ERR-38 a read for a chain with no RPC url fails with 'No RPC url provided for chainId'", async () => {
    const rpc = await fakeRpc('0x1')
    const { provider } = await connected({ rpcMap: { 'eip155:1': rpc.url } })
    await expect(provider.request({ method: 'eth_blockNumber' }, 'eip155:10')).rejects.toMatchObject({
      message: 'No RPC url provided for chainId',
      data: { chainId: 'eip155:10' },
    })
    await expect(provider.request({ method: 'eth_blockNumber' }, 'eip155:1')).resolves.toBe('0x1')
  })

  it('refuses wallet methods the session does not grant without asking an RPC node, and passes wallet errors on', async () => {
    const rpc = await fakeRpc('0x1')
    const { provider, requests } = await connected({ rpcMap: { 'eip155:1': rpc.url } })
    await expect(
      provider.request({ method: 'eth_signTypedData_v4', params: [account.address, '{}'] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(rpc.calls).toEqual([])
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({
      code: 4001,
    })
    expect(requests).toEqual([{ method: 'eth_sendTransaction', chainId: 'eip155:1' }])
  })
})

describe('UniversalProvider connect and routing', () => {
  it('connect emits display_uri with the pairing URI, resolves with the session, and keeps rpcMap from the wallet', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url, { storage })
    const provider = await providerOn(dapp)
    const { wallet } = await approvingWallet(granted(['eip155:1']), signs)
    const proposal = nextEvent(wallet, 'session_proposal')
    const connectEvent = new Promise<unknown>((resolve) => provider.on('connect', resolve))
    provider.on('display_uri', (uri) => void wallet.pair({ uri }))
    const session = await provider.connect({
      optionalNamespaces: asked(['eip155:1'], { rpcMap: { 1: 'http://127.0.0.1:1/secret-key' } }),
    })
    expect(provider.uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/)
    expect(session.topic).toBe(provider.session?.topic)
    expect(await connectEvent).toEqual({ session })
    const { params } = await proposal
    expect(params.optionalNamespaces.eip155).toEqual({
      chains: ['eip155:1'],
      methods: ['personal_sign', 'eth_sendTransaction'],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(await provider.enable()).toEqual([account.address])
  })

  it('PROV-01 a request goes to the chain it names, else to the namespace default chain', async () => {
    const chain1 = await fakeRpc('0x111')
    const chain10 = await fakeRpc('0x1010')
    const { provider, requests } = await connected({
      ask: asked(['eip155:1', 'eip155:10'], {
        defaultChain: 'eip155:10',
        rpcMap: { 1: chain1.url, 'eip155:10': chain10.url },
      }),
    })
    await provider.request({ method: 'personal_sign', params: [toHex('a'), account.address] })
    await provider.request({ method: 'personal_sign', params: [toHex('b'), account.address] }, 'eip155:1')
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x1010')
    expect(await provider.request({ method: 'eth_blockNumber' }, 'eip155:1')).toBe('0x111')
    expect(await provider.request({ method: 'eth_chainId' }, 'eip155')).toBe('0xa')

    const changed = new Promise<string>((resolve) => provider.on('chainChanged', resolve))
    provider.setDefaultChain('eip155:1')
    expect(await changed).toBe('0x1')
    await provider.request({ method: 'personal_sign', params: [toHex('c'), account.address] })
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x111')
    expect(requests.map((request) => request.chainId)).toEqual(['eip155:10', 'eip155:1', 'eip155:1'])
    expect(chain10.calls.map((call) => call.method)).toEqual(['test', 'eth_blockNumber'])
  })

  it('WC-35 a chain switch is allowed when the chain is in the session or the wallet switches chains, refused otherwise', async () => {
    const plain = await connected()
    expect(await plain.provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(
      await plain.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).toBeNull()
    expect(await plain.provider.request({ method: 'eth_chainId' })).toBe('0xa')
    await expect(
      plain.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(await plain.provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(plain.requests).toEqual([])

    const switching = await connected({
      namespaces: granted(['eip155:1', 'eip155:10'], ['personal_sign', 'wallet_switchEthereumChain']),
      answer: async (method) => {
        if (method !== 'wallet_switchEthereumChain') throw new Error(`unexpected ${method}`)
        return null
      },
    })
    expect(
      await switching.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x89' }],
      }),
    ).toBeNull()
    expect(switching.requests).toEqual([{ method: 'wallet_switchEthereumChain', chainId: 'eip155:1' }])
    expect(await switching.provider.request({ method: 'eth_chainId' })).toBe('0x89')
  })

  it('VAL-07 wallet_sendCalls is refused unless every call target and data starts with 0x', async () => {
    const calls = (call: Record<string, unknown>) => [
      {
        version: '2.0.0',
        chainId: '0x1',
        from: account.address,
        calls: [{ to: other.address, value: '0x1' }, call],
      },
    ]
    const { provider, requests } = await connected({
      namespaces: granted(['eip155:1'], ['wallet_sendCalls']),
      ask: asked(['eip155:1']),
      answer: async () => ({ id: '0xbatch' }),
    })
    const target = other.address.slice(2)
    await expect(
      provider.request({ method: 'wallet_sendCalls', params: calls({ to: target, data: '0x' }) }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'wallet_sendCalls call 1: the target must start with 0x',
    })
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: calls({ to: other.address, data: 'a9059cbb' }),
      }),
    ).rejects.toMatchObject({ code: -32602, message: 'wallet_sendCalls call 1: the data must start with 0x' })
    expect(requests).toEqual([])
    expect(
      await provider.request({
        method: 'wallet_sendCalls',
        params: calls({ to: other.address, data: '0xa9059cbb' }),
      }),
    ).toEqual({ id: '0xbatch' })
    expect(requests).toEqual([{ method: 'wallet_sendCalls', chainId: 'eip155:1' }])
  })

  it('VAL-08 wallet_getCapabilities without an address parameter is refused', async () => {
    const { provider, requests } = await connected({
      namespaces: granted(['eip155:1'], ['wallet_getCapabilities']),
      ask: asked(['eip155:1']),
      answer: async () => ({ '0x1': { atomic: { status: 'supported' } } }),
    })
    for (const params of [[], ['0x1234'], [{ address: account.address }]]) {
      await expect(provider.request({ method: 'wallet_getCapabilities', params })).rejects.toMatchObject({
        code: -32602,
        message: 'wallet_getCapabilities needs an address',
      })
    }
    expect(requests).toEqual([])
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account.address] })).toEqual({
      '0x1': { atomic: { status: 'supported' } },
    })
    expect(requests).toHaveLength(1)
  })

  it("ERR-39 wallet_getCallsStatus not approved by the wallet, with no bundler, fails with 'Fetching call status not approved by the wallet.'", async () => {
    const refused = await connected({ namespaces: granted(['eip155:1']), ask: asked(['eip155:1']) })
    await expect(
      refused.provider.request({ method: 'wallet_getCallsStatus', params: ['0xbatch'] }),
    ).rejects.toMatchObject({ code: 4100, message: 'Fetching call status not approved by the wallet.' })
    expect(refused.requests).toEqual([])

    const approved = await connected({
      namespaces: granted(['eip155:1'], ['wallet_getCallsStatus']),
      ask: asked(['eip155:1']),
      answer: async () => ({ status: 200 }),
    })
    expect(await approved.provider.request({ method: 'wallet_getCallsStatus', params: ['0xbatch'] })).toEqual(
      {
        status: 200,
      },
    )
    expect(approved.requests).toEqual([{ method: 'wallet_getCallsStatus', chainId: 'eip155:1' }])

    const bundlerCalls: { method: string; params: unknown }[] = []
    const bundler = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const call = JSON.parse(body) as { id: number; method: string; params: unknown }
        bundlerCalls.push({ method: call.method, params: call.params })
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { success: true } }))
      })
    })
    await new Promise<void>((resolve) => bundler.listen(0, '127.0.0.1', resolve))
    servers.push({ close: () => new Promise<void>((resolve) => bundler.close(() => resolve())) })
    const withBundler = await connected({
      namespaces: granted(['eip155:1']),
      ask: asked(['eip155:1']),
      sessionProperties: { bundler_url: `http://127.0.0.1:${(bundler.address() as AddressInfo).port}` },
    })
    expect(
      await withBundler.provider.request({ method: 'wallet_getCallsStatus', params: ['0xbatch'] }),
    ).toEqual({ success: true })
    expect(bundlerCalls).toEqual([{ method: 'eth_getUserOperationReceipt', params: ['0xbatch'] }])
    expect(withBundler.requests).toEqual([])
  })

  it("wallet_getCallsStatus of a session naming a bundler (bundler_name) asks the app's bundler path first, then bundler_url when it fails", async () => {
    const lookups: unknown[] = []
    const named = await connected({
      namespaces: granted(['eip155:1']),
      ask: asked(['eip155:1']),
      sessionProperties: { bundler_name: 'pimlico' },
      userOperationReceipt: async (query) => {
        lookups.push(query)
        return { success: true, from: 'api' }
      },
    })
    expect(await named.provider.request({ method: 'wallet_getCallsStatus', params: ['0xbatch'] })).toEqual({
      success: true,
      from: 'api',
    })
    expect(lookups).toEqual([{ chainId: 'eip155:1', bundler: 'pimlico', params: ['0xbatch'] }])
    expect(named.requests).toEqual([])

    const failing = await connected({
      namespaces: granted(['eip155:1'], ['wallet_getCallsStatus']),
      ask: asked(['eip155:1']),
      answer: async () => ({ status: 200 }),
      sessionProperties: { bundler_name: 'pimlico' },
      userOperationReceipt: async () => {
        throw new Error('Unsupported network')
      },
    })
    expect(await failing.provider.request({ method: 'wallet_getCallsStatus', params: ['0xbatch'] })).toEqual({
      status: 200,
    })
    expect(failing.requests).toEqual([{ method: 'wallet_getCallsStatus', chainId: 'eip155:1' }])
  })

  it('ENT-21 wallet_getCapabilities is answered from the capabilities the wallet stated in the session properties, without asking it; an address it said nothing of is asked', async () => {
    const stated = { '0x1': { atomic: { status: 'supported' } }, '0xa': { atomic: { status: 'ready' } } }
    const { provider, requests } = await connected({
      namespaces: granted(['eip155:1'], ['wallet_getCapabilities']),
      ask: asked(['eip155:1']),
      answer: async () => ({ '0x1': { fromWallet: true } }),
      sessionProperties: { capabilities: JSON.stringify({ [account.address.toLowerCase()]: stated }) },
    })
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account.address] })).toEqual(
      stated,
    )
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [account.address, ['0xa']] }),
    ).toEqual({ '0xa': { atomic: { status: 'ready' } } })
    expect(requests).toEqual([])
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [other.address] })).toEqual({
      '0x1': { fromWallet: true },
    })
    expect(requests).toEqual([{ method: 'wallet_getCapabilities', chainId: 'eip155:1' }])
  })

  it('PROV-04 keeps its state under wc@2:universal_provider: and a reload restores session, rpcMap and default chain', async () => {
    const rpc = await fakeRpc('0x2a')
    const { provider, dapp, storage, session, wallet } = await connected({
      ask: asked(['eip155:1', 'eip155:10'], { rpcMap: { 10: rpc.url } }),
    })
    provider.setDefaultChain('eip155:10')
    await provider.close()
    await dapp.close()
    const providerKeys = (await storage.getKeys()).filter(
      (key) => !key.startsWith('wc@2:client:') && !key.startsWith('wc@2:core:'),
    )
    expect(providerKeys.length).toBeGreaterThan(0)
    for (const key of providerKeys) expect(key.startsWith(PROVIDER_STORAGE_PREFIX)).toBe(true)
    expect(PROVIDER_STORAGE_PREFIX).toBe('wc@2:universal_provider:')

    const reloaded = await providerOn(await pool.make(harness.relay.url, { storage }))
    expect(reloaded.session?.topic).toBe(session.topic)
    expect(await reloaded.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(await reloaded.request({ method: 'eth_blockNumber' })).toBe('0x2a')
    const signature = await reloaded.request<Hex>({
      method: 'personal_sign',
      params: [toHex('after reload'), account.address],
    })
    expect(await verifyMessage({ address: account.address, message: 'after reload', signature })).toBe(true)

    const deleted = nextEvent(wallet, 'session_delete')
    await reloaded.disconnect()
    await deleted
    expect(await storage.getKeys()).not.toContain(providerKeys[0])
  })

  it('drops a corrupt stored state and still restores the session from the client', async () => {
    const { provider, dapp, storage, session } = await connected()
    await provider.close()
    await dapp.close()
    const [key] = (await storage.getKeys()).filter((entry) => entry.startsWith(PROVIDER_STORAGE_PREFIX))
    expect(key).toBeDefined()
    await storage.setItem(key as string, { topic: 42, namespaces: 'garbage' })
    const reloaded = await providerOn(await pool.make(harness.relay.url, { storage }))
    expect(reloaded.session?.topic).toBe(session.topic)
    expect(await reloaded.request({ method: 'eth_chainId' })).toBe('0x1')
  })
})

describe('UniversalProvider events', () => {
  it('turns session events and updates into chainChanged, accountsChanged, session_event and session_update', async () => {
    const { provider, wallet, session } = await connected()
    const topic = session.topic
    const chain = new Promise<string>((resolve) => provider.on('chainChanged', resolve))
    const sessionEvent = new Promise<unknown>((resolve) => provider.on('session_event', resolve))
    await wallet.emit({ topic, chainId: 'eip155:10', event: { name: 'chainChanged', data: 10 } })
    expect(await chain).toBe('0xa')
    expect(await sessionEvent).toMatchObject({ topic, params: { chainId: 'eip155:10' } })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')

    const accounts = new Promise<string[]>((resolve) => provider.once('accountsChanged', resolve))
    await wallet.emit({
      topic,
      chainId: 'eip155:10',
      event: { name: 'accountsChanged', data: [`eip155:10:${account.address}`] },
    })
    expect(await accounts).toEqual([account.address])

    const checked = new Promise<string[]>((resolve) => provider.once('accountsChanged', resolve))
    await wallet.emit({
      topic,
      chainId: 'eip155:10',
      event: {
        name: 'accountsChanged',
        data: [
          '<img src=x onerror=alert(1)>',
          { address: other.address },
          'eip155:1:../../x',
          account.address,
        ],
      },
    })
    expect(await checked, 'only what is an account or an address is taken').toEqual([account.address])

    const updated = new Promise<unknown>((resolve) => provider.on('session_update', resolve))
    const afterUpdate = new Promise<string[]>((resolve) => provider.once('accountsChanged', resolve))
    const movedBack = new Promise<string>((resolve) => provider.on('chainChanged', resolve))
    const { acknowledged } = await wallet.update({ topic, namespaces: granted(['eip155:1']) })
    await acknowledged()
    expect(await updated).toMatchObject({ topic })
    expect(await movedBack).toBe('0x1')
    expect(await afterUpdate).toEqual([account.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account.address])
  })

  it('a session update that drops the chain requests went to announces the new one with chainChanged, and a reordering moves nothing', async () => {
    const { provider, wallet, session, requests } = await connected({
      namespaces: granted(['eip155:1', 'eip155:10', 'eip155:137']),
      ask: asked(['eip155:1', 'eip155:10', 'eip155:137']),
    })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    const applied = new Promise<unknown>((resolve) => provider.once('session_update', resolve))
    const reordered = await wallet.update({
      topic: session.topic,
      namespaces: granted(['eip155:137', 'eip155:1', 'eip155:10']),
    })
    await reordered.acknowledged()
    await applied
    expect(await provider.request({ method: 'eth_chainId' }), 'the chain stays where it was').toBe('0x1')

    const moved = new Promise<string>((resolve) => provider.once('chainChanged', resolve))
    const dropped = await wallet.update({ topic: session.topic, namespaces: granted(['eip155:10']) })
    await dropped.acknowledged()
    expect(await moved).toBe('0xa')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    await provider.request({ method: 'personal_sign', params: ['0x00', account.address] })
    expect(requests).toEqual([{ method: 'personal_sign', chainId: 'eip155:10' }])
  })

  it('an eip155 chain whose reference is not a number is no chain the provider reports or switches to', async () => {
    const { provider, wallet, session } = await connected({
      namespaces: granted(['eip155:1', 'eip155:abc']),
    })
    const reported: string[] = []
    provider.on('chainChanged', (chain) => reported.push(chain))
    const seen = new Promise<unknown>((resolve) => provider.once('session_event', resolve))
    await wallet.emit({
      topic: session.topic,
      chainId: 'eip155:abc',
      event: { name: 'chainChanged', data: 'abc' },
    })
    await seen
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    await expect(provider.request({ method: 'eth_chainId' }, 'eip155:abc')).rejects.toMatchObject({
      code: 4901,
    })

    const updated = new Promise<unknown>((resolve) => provider.once('session_update', resolve))
    const accounts = new Promise<string[]>((resolve) => provider.once('accountsChanged', resolve))
    const { acknowledged } = await wallet.update({
      topic: session.topic,
      namespaces: granted(['eip155:abc', 'eip155:10']),
    })
    await acknowledged()
    await updated
    expect(await accounts).toEqual([account.address])
    expect(reported).toEqual(['0xa'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')

    const emptied = new Promise<unknown>((resolve) => provider.once('session_update', resolve))
    const none = new Promise<string[]>((resolve) => provider.once('accountsChanged', resolve))
    const last = await wallet.update({ topic: session.topic, namespaces: granted(['eip155:abc']) })
    await last.acknowledged()
    await emptied
    expect(await none, 'no chain left to hold an account').toEqual([])
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4901 })
  })

  it('accountsChanged reports only accounts the session grants on the event chain; one naming none of them is dropped', async () => {
    const { provider, wallet, session } = await connected()
    const reported: string[][] = []
    provider.on('accountsChanged', (accounts) => reported.push(accounts))
    const emitted = async (data: unknown) => {
      const seen = new Promise<unknown>((resolve) => provider.once('session_event', resolve))
      await wallet.emit({
        topic: session.topic,
        chainId: 'eip155:10',
        event: { name: 'accountsChanged', data },
      })
      await seen
    }
    await emitted([other.address, `eip155:10:${other.address}`])
    expect(reported, 'no account the session does not grant').toEqual([])
    await emitted([
      `eip155:137:${account.address}`,
      other.address,
      account.address.toLowerCase(),
      ...Array.from({ length: 1000 }, () => `eip155:10:${account.address}`),
    ])
    expect(reported).toEqual([[account.address]])
    await emitted([])
    expect(reported.at(-1), 'an empty list still means no account').toEqual([])
  })

  it('a chainChanged event whose data names the chain in CAIP-2 moves to that chain, whatever chain it was sent on', async () => {
    const { provider, wallet, session } = await connected()
    const chains: string[] = []
    provider.on('chainChanged', (chainId) => chains.push(chainId))
    const seen = new Promise<unknown>((resolve) => provider.once('session_event', resolve))
    await wallet.emit({
      topic: session.topic,
      chainId: 'eip155:1',
      event: { name: 'chainChanged', data: 'eip155:10' },
    })
    await seen
    expect(chains).toEqual(['0xa'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
  })

  it('moving to a chain where the session grants other accounts announces them with accountsChanged; the same accounts, or none, announce nothing', async () => {
    const { provider } = await connected({
      namespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:10', 'eip155:137'],
          accounts: [
            `eip155:1:${account.address}`,
            `eip155:10:${other.address}`,
            `eip155:137:${other.address}`,
          ],
          methods: ['personal_sign'],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
      ask: asked(['eip155:1', 'eip155:10', 'eip155:137']),
    })
    const announced: string[][] = []
    provider.on('accountsChanged', (accounts) => announced.push(accounts))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(announced).toEqual([[other.address]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([other.address])
    provider.setDefaultChain('eip155:137')
    expect(announced, 'the same account on the next chain is no change').toEqual([[other.address]])
    expect(await provider.enable(), 'enable() answers as eth_requestAccounts does').toEqual([other.address])
    provider.setDefaultChain('eip155:5')
    expect(announced, 'no empty list, which apps take for a disconnect').toEqual([[other.address]])
  })

  it('a wallet disconnect emits session_delete then disconnect, after which requests need connect()', async () => {
    const { provider, wallet, session } = await connected()
    const order: string[] = []
    const ended = new Promise<ProviderRpcError>((resolve) =>
      provider.on('disconnect', (error) => {
        order.push('disconnect')
        resolve(error)
      }),
    )
    provider.on('session_delete', () => order.push('session_delete'))
    await wallet.disconnect({ topic: session.topic })
    expect(await ended).toMatchObject({ code: 6000, data: session.topic })
    expect(order).toEqual(['session_delete', 'disconnect'])
    expect(provider.session).toBeUndefined()
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toThrow(
      ProviderErrorMessage.notConnected,
    )
  })

  it('disconnect() ends the session on both sides', async () => {
    const { provider, wallet } = await connected()
    const ended = new Promise<ProviderRpcError>((resolve) => provider.on('disconnect', resolve))
    const deleted = nextEvent(wallet, 'session_delete')
    await provider.disconnect()
    expect((await ended).code).toBe(6000)
    await deleted
    expect(provider.session).toBeUndefined()
  })
})

describe('UniversalProvider with viem against the chain fixture', () => {
  let chain: ChainFixture
  beforeAll(async () => {
    chain = await startChainFixture()
  }, 60_000)
  afterAll(() => chain?.stop())

  it('viem custom(provider): reads, signs, sends 0.01 tETH and switches chains', async () => {
    const testWallet = new TestWallet({ chains: { 31337: chain.rpcUrl }, chainId: 31337 })
    await testWallet.request({ method: 'eth_requestAccounts' })
    const { provider } = await connected({
      namespaces: granted(['eip155:31337'], ['personal_sign', 'eth_sendTransaction']),
      ask: asked(['eip155:31337'], { rpcMap: { 31337: chain.rpcUrl } }),
      answer: (method, params) => testWallet.request({ method, params: params as unknown[] }),
    })
    const network = localNetwork(chain.rpcUrl, 31337)
    const walletClient = createWalletClient({ chain: network, transport: custom(provider) })
    const publicClient = createPublicClient({
      chain: network,
      transport: custom(provider),
      pollingInterval: 50,
    })

    expect(await walletClient.getChainId()).toBe(31337)
    expect(await walletClient.getAddresses()).toEqual([account.address])
    const signature = await walletClient.signMessage({ account: account.address, message: 'hello viem' })
    expect(await verifyMessage({ address: account.address, message: 'hello viem', signature })).toBe(true)

    const before = await publicClient.getBalance({ address: other.address })
    const value = parseEther('0.01')
    expect(await publicClient.estimateGas({ account: account.address, to: other.address, value })).toBe(
      21000n,
    )
    const hash = await walletClient.sendTransaction({ account: account.address, to: other.address, value })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: other.address })).toBe(before + value)
    expect(await chain.publicClient.getBalance({ address: other.address })).toBe(before + value)

    await expect(walletClient.switchChain({ id: 137 })).rejects.toMatchObject({ code: 4902 })
  })
})

describe('HTTP RPC connection', () => {
  it('PROV-02 PROV-03 registers with a test ping, opens, then closes; requests are JSON-RPC POSTs', async () => {
    const rpc = await fakeRpc('0x7')
    const states: HttpRpcState[] = []
    const connection = new HttpRpcConnection({ url: rpc.url, onStateChange: (state) => states.push(state) })
    expect(connection.state).toBe('closed')
    expect(await connection.request('eth_blockNumber', [])).toBe('0x7')
    expect(await connection.request('eth_blockNumber', [])).toBe('0x7')
    connection.close()
    expect(states).toEqual(['register', 'open', 'closed'])
    expect(rpc.calls.map(({ method, params, jsonrpc }) => ({ method, params, jsonrpc }))).toEqual([
      { method: 'test', params: [], jsonrpc: '2.0' },
      { method: 'eth_blockNumber', params: [], jsonrpc: '2.0' },
      { method: 'eth_blockNumber', params: [], jsonrpc: '2.0' },
    ])
    expect(rpc.calls.every((call) => typeof call.id === 'number')).toBe(true)
    await expect(connection.request('eth_getBalance', ['0x0', 'latest'])).rejects.toMatchObject({
      code: -32601,
    })
  })

  it('PROV-02 an unreachable url fails registration and leaves the connection closed', async () => {
    const rpc = await fakeRpc('0x7')
    await rpc.close()
    servers.pop()
    const states: HttpRpcState[] = []
    const connection = new HttpRpcConnection({ url: rpc.url, onStateChange: (state) => states.push(state) })
    await expect(connection.request('eth_blockNumber', [])).rejects.toThrow(/unreachable/)
    expect(states).toEqual(['register', 'closed'])
  })

  it('CONST-21 a connection state event takes at most 10 listeners', async () => {
    expect(HTTP_RPC_MAX_LISTENERS).toBe(10)
    const rpc = await fakeRpc('0x7')
    const connection = new HttpRpcConnection({ url: rpc.url })
    const heard: number[] = []
    const listeners = Array.from({ length: 10 }, (_, n) => () => heard.push(n))
    for (const listener of listeners) connection.on('open', listener)
    connection.on('open', listeners[0] as () => void)
    const eleventh = () => heard.push(10)
    expect(() => connection.on('open', eleventh)).toThrow(/at most 10 listeners for 'open'/)
    connection.on('closed', eleventh)
    await connection.open()
    expect(heard).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    connection.off('open', listeners[3] as () => void)
    connection.on('open', eleventh)
    connection.close()
    expect(heard.at(-1)).toBe(10)
  })
})
