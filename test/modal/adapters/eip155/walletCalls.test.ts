import { encodeFunctionData, erc20Abi, type Hex, numberToHex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCallsStatus, getCapabilities, sendCalls, showCallsStatus } from 'wagmi/actions'
import { Eip155Adapter } from '../../../../modal/adapters/eip155/index.js'
import { callsErrorCodes, fallbackBatchCap } from '../../../../modal/adapters/eip155/walletCalls.js'
import type { Eip1193Provider } from '../../../../modal/adapters/types.js'
import { defineNetwork } from '../../../../modal/networks/defineNetwork.js'
import type { EvmNetwork } from '../../../../modal/networks/types.js'
import { WagmiAdapter } from '../../../../modal/wagmi/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { TestWallet } from '../../../support/testWallet.js'
import { tokenBalance } from '../../../support/tokenBalance.js'
import { FakeProvider } from '../../support/fakeProvider.js'
import { alice, bob, createKit } from '../../support/kit.js'
import { createPage } from '../../support/page.js'

let chain: ChainFixture
let anvil: EvmNetwork

beforeAll(async () => {
  chain = await startChainFixture()
  anvil = defineNetwork({
    id: chain.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
})

afterAll(async () => {
  await chain?.stop()
})

const chainIdHex = () => numberToHex(chain.chainId)

/** The app's provider for the injected `wallet`, connected through a kit with `adapter`. */
async function appProvider(
  wallet: TestWallet | FakeProvider,
  adapter = new Eip155Adapter(),
): Promise<Eip1193Provider> {
  const kit = createKit({
    options: { networks: [anvil], adapters: [adapter] },
    environment: { target: createPage(wallet) },
  })
  await kit.connect('injected')
  const provider = kit.getProvider('eip155')
  if (!provider) throw new Error('no provider after connecting')
  return provider
}

const testWallet = () => new TestWallet({ chains: { [chain.chainId]: chain.rpcUrl }, chainId: chain.chainId })

/** 0.01 tETH and 5 tUSD to bob: the batch the demo sends. */
const twoTransfers = () => [
  { to: bob, value: numberToHex(parseEther('0.01')) },
  {
    to: chain.fixtures.testUsd,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 5_000_000n] }),
  },
]

const sendCallsParams = (calls: unknown[], extra: Record<string, unknown> = {}) => [
  { version: '2.0.0', from: alice, chainId: chainIdHex(), atomicRequired: false, calls, ...extra },
]

const tusdOf = (owner: Hex) => tokenBalance(chain.publicClient, chain.fixtures.testUsd, owner)

describe('EIP-5792 through the modal', () => {
  it('VAL-07 wallet_sendCalls through the modal is refused unless every target and data starts with 0x; the wallet is never asked', async () => {
    const wallet = testWallet()
    const provider = await appProvider(wallet)
    await expect(
      provider.request({ method: 'wallet_sendCalls', params: sendCallsParams([{ to: bob.slice(2) }]) }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'wallet_sendCalls call 0: the target must start with 0x',
    })
    await expect(
      provider.request({ method: 'wallet_sendCalls', params: sendCallsParams([{ to: bob, data: 'abcd' }]) }),
    ).rejects.toMatchObject({ code: -32602, message: 'wallet_sendCalls call 0: the data must start with 0x' })
    expect(wallet.calls.map((c) => c.method)).not.toContain('wallet_sendCalls')
  })

  it('VAL-08 wallet_getCapabilities through the modal needs an address', async () => {
    const provider = await appProvider(testWallet())
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toMatchObject({
      code: -32602,
      message: 'wallet_getCapabilities needs an address',
    })
  })

  it('a wallet without EIP-5792 gets the batch as one eth_sendTransaction per call, in order, and the status reports both receipts', async () => {
    const wallet = testWallet()
    const provider = await appProvider(wallet)
    const before = await tusdOf(bob)
    const balanceBefore = await chain.publicClient.getBalance({ address: bob })
    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: sendCallsParams(twoTransfers()),
    })) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const sent = wallet.calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => c.params[0])
    expect(sent).toEqual([
      { from: alice, to: bob, value: numberToHex(parseEther('0.01')) },
      { from: alice, to: chain.fixtures.testUsd, data: twoTransfers()[1]?.data },
    ])
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status: number
      atomic: boolean
      chainId: string
      receipts: { status: string; transactionHash: string }[]
    }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: chainIdHex(), status: 200, atomic: false })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect(new Set(status.receipts.map((r) => r.transactionHash)).size).toBe(2)
    expect(await tusdOf(bob)).toBe(before + 5_000_000n)
    expect(await chain.publicClient.getBalance({ address: bob })).toBe(balanceBefore + parseEther('0.01'))
    // The wallet never saw the batch: the modal has nothing to ask it to show.
    expect(await provider.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
  })

  it('the fallback refuses what it cannot honour with EIP-5792 codes: atomicity, a required capability, a reused id, another chain', async () => {
    const wallet = testWallet()
    const provider = await appProvider(wallet)
    const send = (extra: Record<string, unknown>, calls: unknown[] = twoTransfers()) =>
      provider.request({ method: 'wallet_sendCalls', params: sendCallsParams(calls, extra) })
    await expect(send({ atomicRequired: true })).rejects.toMatchObject({
      code: callsErrorCodes.atomicityUnsupported,
    })
    await expect(
      send({ capabilities: { paymasterService: { url: 'https://pm.example' } } }),
    ).rejects.toMatchObject({ code: callsErrorCodes.unsupportedCapability })
    await expect(send({ chainId: '0x1' })).rejects.toMatchObject({ code: callsErrorCodes.unsupportedChain })
    expect(wallet.calls.map((c) => c.method)).not.toContain('eth_sendTransaction')
    // An optional capability the wallet lacks is left out, as EIP-5792 allows.
    await send({ id: 'mine', capabilities: { paymasterService: { optional: true } } }, [twoTransfers()[0]])
    await expect(send({ id: 'mine' }, [twoTransfers()[0]])).rejects.toMatchObject({
      code: callsErrorCodes.duplicateId,
    })
  })

  it('a batch whose later call the visitor rejects reports what was sent as a partial failure (600); a rejected first call is the error', async () => {
    const signer = testWallet()
    await signer.request({ method: 'eth_requestAccounts' })
    const wallet = new FakeProvider({ accounts: [alice], chainId: chain.chainId })
    const provider = await appProvider(wallet)
    let sends = 0
    wallet.override('eth_sendTransaction', (params) => {
      sends += 1
      if (sends === 1) return signer.request({ method: 'eth_sendTransaction', params: params as unknown[] })
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    wallet.override('wallet_sendCalls', () => {
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    })
    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: sendCallsParams(twoTransfers()),
    })) as { id: string }
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status: number
      receipts: unknown[]
    }
    expect(status.status).toBe(600)
    expect(status.receipts).toHaveLength(1)
    await expect(
      provider.request({ method: 'wallet_sendCalls', params: sendCallsParams(twoTransfers()) }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it(`remembers at most ${fallbackBatchCap} fallback batches per modal: the oldest id is then the wallet's to answer`, async () => {
    const wallet = new FakeProvider({ accounts: [alice], chainId: chain.chainId })
    const provider = await appProvider(wallet)
    let n = 0
    wallet.override('eth_sendTransaction', () => `0x${(++n).toString(16).padStart(64, '0')}`)
    wallet.override('wallet_sendCalls', () => {
      throw Object.assign(new Error('Unsupported method'), { code: 4200 })
    })
    wallet.override('wallet_getCallsStatus', () => {
      throw Object.assign(new Error('Unknown bundle'), { code: 5730 })
    })
    const ids: string[] = []
    for (let i = 0; i <= fallbackBatchCap; i++) {
      const { id } = (await provider.request({
        method: 'wallet_sendCalls',
        params: sendCallsParams([twoTransfers()[0]]),
      })) as { id: string }
      ids.push(id)
    }
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: [ids[0]] }),
    ).rejects.toMatchObject({
      code: 5730,
    })
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: [ids[1]] })).toMatchObject({
      status: 100,
    })
  })

  it('a wallet that serves EIP-5792 gets the calls, status and capabilities passed through', async () => {
    const wallet = new FakeProvider({ accounts: [alice], chainId: chain.chainId })
    const provider = await appProvider(wallet)
    const capabilities = { [chainIdHex()]: { atomic: { status: 'supported' } } }
    const status = {
      version: '2.0.0',
      id: '0xb1',
      chainId: chainIdHex(),
      status: 200,
      atomic: true,
      receipts: [],
    }
    wallet.override('wallet_sendCalls', () => ({ id: '0xb1' }))
    wallet.override('wallet_getCallsStatus', () => status)
    wallet.override('wallet_getCapabilities', () => capabilities)
    wallet.override('wallet_showCallsStatus', () => null)
    const params = sendCallsParams(twoTransfers(), { atomicRequired: true })
    expect(await provider.request({ method: 'wallet_sendCalls', params })).toEqual({ id: '0xb1' })
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: ['0xb1'] })).toEqual(status)
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [alice] })).toEqual(
      capabilities,
    )
    await provider.request({ method: 'wallet_showCallsStatus', params: ['0xb1'] })
    expect(
      wallet.calls.filter((c) => c.method.startsWith('wallet_') && c.method !== 'wallet_switchEthereumChain'),
    ).toEqual([
      { method: 'wallet_sendCalls', params },
      { method: 'wallet_getCallsStatus', params: ['0xb1'] },
      { method: 'wallet_getCapabilities', params: [alice] },
      { method: 'wallet_showCallsStatus', params: ['0xb1'] },
    ])
  })
})

describe('EIP-5792 through the wagmi adapter', () => {
  it("wagmi's sendCalls, getCallsStatus, showCallsStatus and getCapabilities (useSendCalls, useCallsStatus, useCapabilities) work with a wallet without EIP-5792", async () => {
    const adapter = new WagmiAdapter({ networks: [anvil] })
    await appProvider(testWallet(), adapter)
    const config = adapter.wagmiConfig
    expect(await getCapabilities(config, { account: alice, chainId: chain.chainId })).toEqual({
      atomic: { status: 'unsupported' },
    })
    const before = await tusdOf(bob)
    const { id } = await sendCalls(config, {
      calls: [
        { to: bob, value: parseEther('0.01') },
        { to: chain.fixtures.testUsd, abi: erc20Abi, functionName: 'transfer', args: [bob, 5_000_000n] },
      ],
    })
    const status = await getCallsStatus(config, { id })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false })
    expect(status.receipts?.map((r) => r.status)).toEqual(['success', 'success'])
    expect(await tusdOf(bob)).toBe(before + 5_000_000n)
    await showCallsStatus(config, { id })
  })
})
