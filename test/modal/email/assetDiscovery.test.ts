import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FrameRequestEnvelope } from '../../../engine/frame/index.js'
import { loadTokenBalances } from '../../../modal/controllers/balances.js'
import { loginWithEmail } from '../../../modal/email/emailFlow.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { TokenBalance } from '../../../modal/state/types.js'
import type { FrameAnswer } from '../embedded/support/fakePage.js'
import { testAddress } from '../embedded/support/samples.js'
import { fakeApi } from '../support/fakeApi.js'
import { alice, anvilPair, injectedKit, unreachableRpcUrl } from '../support/kit.js'
import { emailKit, loggedInRpc } from './support.js'

let anvil: CaipNetwork
beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

const tUsd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const discovery = { '0x7a69': { assetDiscovery: { supported: true } } }
/** What the frame's wallet_getAssets answers: 1.5 tETH, 12.5 tUSD, an NFT and an empty ERC-20. */
const assets = {
  '0x7a69': [
    {
      address: 'native',
      balance: '0x14d1120d7b160000',
      type: 'native',
      metadata: { symbol: 'tETH', decimals: 18 },
    },
    {
      address: tUsd,
      balance: '0xbebc20',
      type: 'erc20',
      metadata: { name: 'Test USD', symbol: 'tUSD', decimals: 6 },
    },
    {
      address: '0x0000000000000000000000000000000000000abc',
      balance: '0x0',
      type: 'erc20',
      metadata: { name: 'Empty', symbol: 'E', decimals: 18 },
    },
    {
      address: '0x0000000000000000000000000000000000000def',
      balance: '0x1',
      type: 'erc721',
      metadata: { name: 'Pairs', symbol: 'tPAIR' },
    },
  ],
}

/** Signed in by email; the frame answers wallet_getCapabilities with `capabilities`, wallet_getAssets with `answer`. */
async function emailWallet(capabilities: FrameAnswer, answer: unknown = assets) {
  const { kit, frame } = emailKit([anvil])
  kits.push(kit)
  const rpc = loggedInRpc(() => 31337)
  frame.on('CONNECT_EMAIL', () => ({ success: { action: 'CONNECT' } }))
  frame.on('RPC_REQUEST', (request: FrameRequestEnvelope) => {
    const { method } = request.payload as { method: string }
    if (method === 'wallet_getCapabilities') return capabilities
    if (method === 'wallet_getAssets') return { success: answer }
    return rpc(request)
  })
  await loginWithEmail(kit.context, 'ada@example.com')
  const walletCalls = () =>
    frame
      .received('RPC_REQUEST')
      .map((r) => r.payload as { method: string; params?: unknown })
      .filter((p) => p.method.startsWith('wallet_'))
      .map(({ method, params }) => ({ method, params }))
  return { kit, walletCalls }
}

const fromApi: TokenBalance = {
  name: 'Test USD',
  symbol: 'tUSD',
  chainId: 'eip155:31337',
  address: `eip155:31337:${tUsd}`,
  value: 3,
  price: 1,
  quantity: { decimals: '6', numeric: '3' },
  iconUrl: '',
}

describe('balances of a wallet that discovers its assets (BAL-07)', () => {
  it('BAL-07 the auth connector’s wallet with assetDiscovery names the balances with wallet_getAssets; the balance API is not called', async () => {
    const { kit, walletCalls } = await emailWallet({ success: discovery })
    const { api, requests } = fakeApi(() => ({ balances: [fromApi] }))
    const balances = await loadTokenBalances(kit.context, api)
    expect(requests).toEqual([])
    expect(walletCalls()).toEqual([
      { method: 'wallet_getCapabilities', params: [testAddress] },
      { method: 'wallet_getAssets', params: [{ account: testAddress, chainFilter: ['0x7a69'] }] },
    ])
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.address])).toEqual([
      ['tETH', '1.5', undefined],
      ['tUSD', '12.5', `eip155:31337:${tUsd}`],
    ])
    expect(balances[1]).toMatchObject({ name: 'Test USD', chainId: 'eip155:31337', price: 0, value: 0 })
    expect(kit.store.get().account.tokenBalance).toEqual(balances)
  })

  it('BAL-07 without the capability the auth connector’s balances come from the balance API', async () => {
    const { kit, walletCalls } = await emailWallet({ success: {} })
    const { api, requests } = fakeApi(() => ({ balances: [fromApi] }))
    expect(await loadTokenBalances(kit.context, api)).toEqual([fromApi])
    expect(requests.map((r) => r.path)).toEqual(['/v1/balances'])
    expect(walletCalls().map((c) => c.method)).toEqual(['wallet_getCapabilities'])
  })

  it('BAL-07 a wallet that cannot say its capabilities gets its balances from the balance API', async () => {
    const { kit } = await emailWallet({ error: { code: 4200, message: 'Action not allowed' } })
    const { api, requests } = fakeApi(() => ({ balances: [fromApi] }))
    expect(await loadTokenBalances(kit.context, api)).toEqual([fromApi])
    expect(requests).toHaveLength(1)
  })

  it('BAL-07 any wallet but the auth connector’s gets its balances from the balance API, whatever it says it can do', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
    kits.push(kit)
    provider.override('wallet_getCapabilities', () => discovery)
    await kit.connect('injected')
    const { api, requests } = fakeApi(() => ({ balances: [fromApi] }))
    expect(await loadTokenBalances(kit.context, api)).toEqual([fromApi])
    expect(requests).toEqual([
      { path: '/v1/balances', query: { address: alice, caipNetworkId: 'eip155:31337' } },
    ])
    expect(provider.methods()).not.toContain('wallet_getAssets')
  })

  it('an answer that is not EIP-7811’s shape fails the load with Token Balance Unavailable', async () => {
    const broken = { '0x7a69': [{ address: 'native', balance: 'lots', type: 'native' }] }
    const { kit, walletCalls } = await emailWallet({ success: discovery }, broken)
    const { api, requests } = fakeApi(() => ({ balances: [fromApi] }))
    expect(await loadTokenBalances(kit.context, api)).toEqual([])
    expect(requests).toEqual([])
    expect(kit.store.get().snackbar).toMatchObject({
      severity: 'error',
      message: 'Token Balance Unavailable',
    })
    expect(kit.store.get().account.lastRetry).toBeDefined()
    expect(walletCalls().map((c) => c.method)).toEqual(['wallet_getCapabilities', 'wallet_getAssets'])
  })
})
