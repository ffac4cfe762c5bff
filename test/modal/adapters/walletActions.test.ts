import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseGwei,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { chainReceiptTimeoutMs, multicallBatchBytes } from '../../../modal/adapters/eip155/chainClient.js'
import { Eip155Adapter } from '../../../modal/adapters/eip155/index.js'
import {
  quantity,
  type Replacement,
  receiptWaitMs,
  signMessage,
  signWaitMs,
  waitForTransactionReceipt,
} from '../../../modal/adapters/eip155/walletActions.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { defineNetwork } from '../../../modal/networks/defineNetwork.js'
import type { CaipNetwork, EvmNetwork } from '../../../modal/networks/types.js'
import { devPrivateKeys, testUsdAbi } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { TestWallet } from '../../support/testWallet.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, bob, createKit } from '../support/kit.js'
import { createPage } from '../support/page.js'

let chain: ChainFixture
let anvil: EvmNetwork
let other: EvmNetwork

beforeAll(async () => {
  chain = await startChainFixture()
  const network = (id: number) =>
    defineNetwork({
      id,
      name: `Anvil ${id}`,
      nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
  anvil = network(chain.chainId)
  other = network(31338)
})

afterAll(async () => {
  await chain?.stop()
})

/** A kit whose injected wallet is `provider`, connected; returns its eip155 adapter too. */
async function connectedKit(
  provider: TestWallet | FakeProvider,
): Promise<{ kit: AppKit; adapter: Eip155Adapter }> {
  const adapter = new Eip155Adapter()
  const kit = createKit({
    options: { networks: [anvil, other], adapters: [adapter] },
    environment: { target: createPage(provider) },
  })
  await kit.connect('injected')
  return { kit, adapter }
}

const testWallet = () => new TestWallet({ chains: { [chain.chainId]: chain.rpcUrl }, chainId: chain.chainId })

describe('eip155 adapter: acting through the connected wallet (§4, §8)', () => {
  it('signs a message and typed data that recover to the connected address', async () => {
    const { adapter } = await connectedKit(testWallet())
    const call = { connectorId: 'injected', address: alice, network: anvil }
    const signature = await adapter.signMessage({ ...call, message: 'hello' })
    expect(await verifyMessage({ address: alice, message: 'hello', signature })).toBe(true)
    const typedData = {
      domain: { name: 'Pairwise', chainId: chain.chainId },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hi' },
    } as const
    const typed = await adapter.signTypedData({ ...call, typedData })
    expect(await verifyTypedData({ address: alice, ...typedData, signature: typed })).toBe(true)
  })

  it('CALL-10 estimates gas, sends tETH, writes a contract and waits for each receipt on the demo chain', async () => {
    const { adapter } = await connectedKit(testWallet())
    const call = { connectorId: 'injected', address: alice, network: anvil }
    const transaction = { to: bob as Address, value: parseEther('0.01') }
    expect(await adapter.estimateGas({ ...call, transaction })).toBe(21_000n)
    const before = await chain.publicClient.getBalance({ address: bob })
    const sent = await adapter.sendTransaction({ ...call, transaction })
    expect(await adapter.waitForTransactionReceipt({ network: anvil, hash: sent })).toMatchObject({
      status: 'success',
      transactionHash: sent,
    })
    expect(await chain.publicClient.getBalance({ address: bob })).toBe(before + parseEther('0.01'))

    const contract = {
      address: chain.fixtures.testUsd,
      abi: testUsdAbi,
      functionName: 'transfer',
      args: [bob, 5_000_000n],
    } as const
    const written = await adapter.writeContract({ ...call, contract })
    await adapter.waitForTransactionReceipt({ network: anvil, hash: written })
    const balance = await tokenBalance(chain.publicClient, chain.fixtures.testUsd, bob)
    expect(balance).toBeGreaterThanOrEqual(5_000_000n)
  })

  it('VAL-12 a send value that is not a whole number counts as zero', () => {
    expect(quantity('1e18')).toBe('0x0')
    expect(quantity('abc')).toBe('0x0')
    expect(quantity('15')).toBe('0xf')
    expect(quantity(10n ** 18n)).toBe('0xde0b6b3a7640000')
  })

  it('ERR-61 a refused signature fails with Sign message failed, the refusal kept as its cause', async () => {
    const wallet = testWallet()
    const { adapter } = await connectedKit(wallet)
    wallet.rejectNext('personal_sign')
    const failure = adapter.signMessage({
      connectorId: 'injected',
      address: alice,
      network: anvil,
      message: 'x',
    })
    await expect(failure).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
    await expect(failure).rejects.toMatchObject({ cause: { code: 4001 } })
  })

  it('ERR-61 a wallet answering a signature request with no signature fails with Sign message failed, and a send with no transaction hash fails too', async () => {
    const wallet = new FakeProvider({ accounts: [alice], chainId: chain.chainId })
    const { adapter } = await connectedKit(wallet)
    const call = { connectorId: 'injected', address: alice, network: anvil }
    const markup = '<img src=x onerror=alert(1)>'
    for (const answer of [markup, '0x1234', { r: '0x1' }, null]) {
      wallet.override('personal_sign', () => answer)
      wallet.override('eth_signTypedData_v4', () => answer)
      wallet.override('eth_sendTransaction', () => answer)
      await expect(adapter.signMessage({ ...call, message: 'x' })).rejects.toMatchObject({
        code: 'SIGN_MESSAGE_FAILED',
      })
      await expect(
        adapter.signTypedData({
          ...call,
          typedData: {
            domain: {},
            types: { M: [{ name: 'a', type: 'uint256' }] },
            primaryType: 'M',
            message: { a: 1n },
          },
        }),
      ).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
      await expect(
        adapter.sendTransaction({ ...call, transaction: { to: bob, value: 1n, gas: 21_000n } }),
      ).rejects.toMatchObject({ code: 'TRANSACTION_NOT_FOUND' })
    }
  })

  it('ERR-62 a transaction the chain cannot run fails with Error estimating gas', async () => {
    const { adapter } = await connectedKit(testWallet())
    // Anvil estimates a plain transfer beyond the balance as 21000; a call that reverts cannot be estimated.
    const transaction = {
      to: chain.fixtures.testUsd,
      data: encodeFunctionData({ abi: testUsdAbi, functionName: 'transferFrom', args: [bob, alice, 7n] }),
    }
    await expect(
      adapter.estimateGas({ connectorId: 'injected', address: alice, network: anvil, transaction }),
    ).rejects.toMatchObject({ code: 'ESTIMATE_GAS_FAILED' })
  })

  it('ERR-66 a contract write that reverts throws its revert reason, before the wallet is asked', async () => {
    const { adapter } = await connectedKit(testWallet())
    const contract = {
      address: chain.fixtures.testUsd,
      abi: testUsdAbi,
      functionName: 'transferFrom',
      args: [bob, alice, 7n],
    } as const
    await expect(
      adapter.writeContract({ connectorId: 'injected', address: alice, network: anvil, contract }),
    ).rejects.toThrow('Transaction reverted: InsufficientAllowance(0, 7)')
  })

  it('ERR-66 ERR-67 a mined transaction that reverted: its reason when it has one, an unknown-reason error when not', async () => {
    const { adapter } = await connectedKit(testWallet())
    const call = { connectorId: 'injected', address: alice, network: anvil }
    const withReason = await adapter.sendTransaction({
      ...call,
      transaction: {
        to: chain.fixtures.testUsd,
        data: encodeFunctionData({ abi: testUsdAbi, functionName: 'transferFrom', args: [bob, alice, 7n] }),
        gas: 100_000n,
      },
    })
    await expect(
      adapter.waitForTransactionReceipt({ network: anvil, hash: withReason, abi: testUsdAbi }),
    ).rejects.toThrow('Transaction reverted: InsufficientAllowance(0, 7)')
    // TestUSD has no receive function: plain tETH sent to it reverts with no data at all.
    const noReason = await adapter.sendTransaction({
      ...call,
      transaction: { to: chain.fixtures.testUsd, value: 1n, gas: 100_000n },
    })
    await expect(adapter.waitForTransactionReceipt({ network: anvil, hash: noReason })).rejects.toMatchObject(
      { code: 'TRANSACTION_REVERTED_UNKNOWN' },
    )
  })

  it('ERR-52-style receipt wait: an unknown hash times out with a receipt timeout error', async () => {
    const { adapter } = await connectedKit(testWallet())
    const hash = `0x${'ab'.repeat(32)}` as const
    await expect(
      adapter.waitForTransactionReceipt({ network: anvil, hash, timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: 'RECEIPT_TIMEOUT' })
  })

  it('CONST-16 ERR-52 a receipt waited for through the chain client times out after 180000 ms', async () => {
    expect(chainReceiptTimeoutMs).toBe(180_000)
    const { adapter } = await connectedKit(testWallet())
    // Only the clock moves: the polls go on over real sockets and real 200 ms pauses.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const start = Date.now()
      let outcome: unknown
      void adapter
        .waitForTransactionReceipt({ network: anvil, hash: `0x${'cd'.repeat(32)}` })
        .catch((error: unknown) => {
          outcome = error
        })
      const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      await realWait(500)
      vi.setSystemTime(start + chainReceiptTimeoutMs - 1000)
      await realWait(700)
      expect(outcome).toBeUndefined()
      vi.setSystemTime(start + chainReceiptTimeoutMs)
      await vi.waitFor(() => expect(outcome).toMatchObject({ code: 'RECEIPT_TIMEOUT' }), { timeout: 2000 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('ERR-55 ERR-56 ERR-57 ERR-53 acting needs the connected account, on the chain in use, of a configured network', async () => {
    const provider = new FakeProvider({ accounts: [alice], chainId: chain.chainId, chains: [31338] })
    const { adapter } = await connectedKit(provider)
    const sign = (address: string, network: CaipNetwork) =>
      adapter.signMessage({ connectorId: 'injected', address, network, message: 'x' })
    await expect(sign(bob, anvil)).rejects.toMatchObject({ code: 'CONNECTOR_ACCOUNT_NOT_FOUND' })
    await expect(sign(alice, other)).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' })
    const unconfigured = { ...other, id: 999, caipNetworkId: 'eip155:999' as const }
    await expect(sign(alice, unconfigured)).rejects.toMatchObject({ code: 'CHAIN_NOT_CONFIGURED' })
    provider.accounts.splice(0)
    await expect(sign(alice, anvil)).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
  })
})

describe('eip155 adapter: reading the chain (§7 chain JSON-RPC)', () => {
  it('CALL-03 a transaction by hash, its receipt and the block number are read over chain JSON-RPC', async () => {
    const { adapter } = await connectedKit(testWallet())
    const hash = await adapter.sendTransaction({
      connectorId: 'injected',
      address: alice,
      network: anvil,
      transaction: { to: bob as Address, value: 7n },
    })
    const tx = (await adapter.getTransaction({ network: anvil, hash })) as { hash: string; value: string }
    expect(tx).toMatchObject({ hash, value: '0x7' })
    const receipt = (await adapter.getTransactionReceipt({ network: anvil, hash })) as {
      transactionHash: string
      blockNumber: string
    }
    expect(receipt.transactionHash).toBe(hash)
    const block = await adapter.getBlockNumber({ network: anvil })
    expect(block).toBe(await chain.publicClient.getBlockNumber({ cacheTime: 0 }))
    expect(block).toBe(BigInt(receipt.blockNumber))
  })

  it('ERR-50 reading an unknown transaction hash fails with a transaction not found error', async () => {
    const { adapter } = await connectedKit(testWallet())
    const hash = `0x${'cd'.repeat(32)}` as const
    await expect(adapter.getTransaction({ network: anvil, hash })).rejects.toMatchObject({
      code: 'TRANSACTION_NOT_FOUND',
      message: `Transaction not found: ${hash}`,
    })
  })

  it('ERR-51 the receipt of an unknown or unmined transaction fails with a receipt not found error', async () => {
    const { adapter } = await connectedKit(testWallet())
    const unknown = `0x${'ef'.repeat(32)}` as const
    await expect(adapter.getTransactionReceipt({ network: anvil, hash: unknown })).rejects.toMatchObject({
      code: 'RECEIPT_NOT_FOUND',
    })
    await chain.testClient.setAutomine(false)
    try {
      const hash = await adapter.sendTransaction({
        connectorId: 'injected',
        address: alice,
        network: anvil,
        transaction: { to: bob as Address, value: 1n },
      })
      await expect(adapter.getTransactionReceipt({ network: anvil, hash })).rejects.toMatchObject({
        code: 'RECEIPT_NOT_FOUND',
        message: `Transaction receipt not found: ${hash}`,
      })
      await chain.testClient.mine({ blocks: 1 })
      expect(await adapter.getTransactionReceipt({ network: anvil, hash })).toMatchObject({
        transactionHash: hash,
      })
    } finally {
      await chain.testClient.setAutomine(true)
    }
  })
})

describe('eip155 adapter: multicall (§7, §9)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Counts the eth_call requests the modal sends to the chain, letting them through. */
  function countEthCalls(): { count: () => number } {
    let calls = 0
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const body = JSON.parse(String(init?.body ?? '[]')) as { method: string }[] | { method: string }
      calls += [body].flat().filter((r) => r.method === 'eth_call').length
      return realFetch(input, init)
    })
    return { count: () => calls }
  }

  const balanceOf = (owner: Address) =>
    ({ address: chain.fixtures.testUsd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) as const

  it('CALL-04 several contract reads are folded into one call, each result returned in order', async () => {
    const { adapter } = await connectedKit(testWallet())
    const expected = [
      await chain.publicClient.readContract(balanceOf(alice as Address)),
      await chain.publicClient.readContract(balanceOf(bob as Address)),
      await chain.publicClient.readContract({
        ...balanceOf(bob as Address),
        functionName: 'symbol',
        args: [],
      }),
      await chain.publicClient.readContract({
        ...balanceOf(bob as Address),
        functionName: 'decimals',
        args: [],
      }),
    ]
    const ethCalls = countEthCalls()
    const results = await adapter.readContracts({
      network: anvil,
      contracts: [
        balanceOf(alice as Address),
        balanceOf(bob as Address),
        { ...balanceOf(bob as Address), functionName: 'symbol', args: [] },
        { ...balanceOf(bob as Address), functionName: 'decimals', args: [] },
      ],
    })
    expect(results).toEqual(expected)
    expect(expected[0]).not.toBe(expected[1])
    expect(ethCalls.count()).toBe(1)
  })

  it('CONST-15 a multicall holds at most 1024 bytes of call data: 40 reads of 36 bytes go out as 2 calls', async () => {
    expect(multicallBatchBytes).toBe(1024)
    const { adapter } = await connectedKit(testWallet())
    const owners = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? alice : bob) as Address)
    const ethCalls = countEthCalls()
    const results = await adapter.readContracts({ network: anvil, contracts: owners.map(balanceOf) })
    // 28 reads make 1008 bytes; the 29th would pass 1024, so it starts the second call.
    expect(ethCalls.count()).toBe(2)
    const [ofAlice, ofBob] = [
      await chain.publicClient.readContract(balanceOf(alice as Address)),
      await chain.publicClient.readContract(balanceOf(bob as Address)),
    ]
    expect(results).toEqual(owners.map((o) => (o === alice ? ofAlice : ofBob)))
  })
})

describe('eip155 wallet actions: how long the modal waits (§9)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('CONST-02 a signature request gives up after 25000 ms', async () => {
    expect(signWaitMs).toBe(25_000)
    vi.useFakeTimers()
    const provider = new FakeProvider({ accounts: [alice], chainId: chain.chainId })
    provider.hold('personal_sign')
    let outcome: unknown
    void signMessage({ provider, account: alice as Address, read: async () => null }, 'hi').catch(
      (error: unknown) => {
        outcome = error
      },
    )
    await vi.advanceTimersByTimeAsync(24_999)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toMatchObject({ code: 'SIGN_MESSAGE_FAILED', cause: { code: 'TIMEOUT' } })
  })

  it("CONST-02 the modal's wait for a transaction receipt gives up after 25000 ms", async () => {
    expect(receiptWaitMs).toBe(25_000)
    vi.useFakeTimers()
    let reads = 0
    let outcome: unknown
    // A node that never mines it: no receipt, no transaction, block 1 forever.
    const read = async (method: string) => {
      reads++
      return method === 'eth_blockNumber' ? '0x1' : null
    }
    void waitForTransactionReceipt(read, `0x${'ab'.repeat(32)}`).catch((error: unknown) => {
      outcome = error
    })
    await vi.advanceTimersByTimeAsync(24_900)
    expect(outcome).toBeUndefined()
    expect(reads).toBeGreaterThan(100)
    await vi.advanceTimersByTimeAsync(300)
    expect(outcome).toMatchObject({ code: 'RECEIPT_TIMEOUT' })
  })
})

describe('eip155 adapter: a transaction replaced while its receipt is awaited', () => {
  it('PROV-05 the replaced transaction is classed repriced (only fees differ), cancelled (zero value to the sender) or replaced (any other case)', async () => {
    const { adapter } = await connectedKit(testWallet())
    const signer = privateKeyToAccount(devPrivateKeys[2])
    const wallet = createWalletClient({ account: signer, chain: anvil, transport: http(chain.rpcUrl) })
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 1n] })
    const original = { to: bob as Address, value: 5n, data }
    const replacements = {
      repriced: original,
      cancelled: { to: signer.address, value: 0n, data: '0x' as Hex },
      replaced: { to: alice as Address, value: 5n, data },
    }
    await chain.testClient.setAutomine(false)
    try {
      for (const [expected, replacement] of Object.entries(replacements)) {
        const nonce = await chain.publicClient.getTransactionCount({
          address: signer.address,
          blockTag: 'pending',
        })
        const fees = (gwei: string) => ({
          maxFeePerGas: parseGwei(gwei),
          maxPriorityFeePerGas: parseGwei(gwei),
        })
        const hash = await wallet.sendTransaction({ ...original, nonce, gas: 100_000n, ...fees('2') })
        const seen: Replacement[] = []
        const waiting = adapter.waitForTransactionReceipt({
          network: anvil,
          hash,
          onReplaced: (r) => seen.push(r),
        })
        await new Promise((resolve) => setTimeout(resolve, 300))
        await chain.testClient.dropTransaction({ hash })
        const replacementHash = await wallet.sendTransaction({
          ...replacement,
          nonce,
          gas: 100_000n,
          ...fees('3'),
        })
        await chain.testClient.mine({ blocks: 1 })
        const receipt = await waiting
        expect(receipt.transactionHash, expected).toBe(replacementHash)
        expect(seen.map((r) => [r.reason, r.replacedTransaction.hash, r.transaction.hash])).toEqual([
          [expected, hash, replacementHash],
        ])
      }
    } finally {
      await chain.testClient.setAutomine(true)
    }
  })
})
