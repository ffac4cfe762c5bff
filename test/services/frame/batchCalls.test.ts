import {
  concat,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
  parseAbi,
  parseEther,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BatchCall,
  batchOf,
  batchRows,
  batchStatus,
  batchTransaction,
  type Eip7702Chain,
  MAX_BATCH_CALLS,
  needsDelegation,
  prepareBatch,
} from '../../../services/frame/app/batchCalls.js'
import { chainRpc } from '../../../services/frame/app/chainRpc.js'
import { pendingDelegations } from '../../../services/frame/app/pendingDelegation.js'
import { sealedSigner } from '../../../services/frame/app/sealedSigner.js'
import { frameCapabilities } from '../../../services/frame/app/walletAssets.js'
import type { FrameChain } from '../../../services/frame/index.js'
import { devPrivateKeys, localNetwork, testUsdAbi } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import { anvilFrameChain, MapStore, signedInFrame } from './support/frameFixtures.js'

let chain: ChainFixture
let anvil: Eip7702Chain
/** The same chain as the operator lists it without EIP-7702: no batches there. */
let plain: FrameChain

beforeAll(async () => {
  chain = await startChainFixture()
  plain = anvilFrameChain(chain, {})
  anvil = { ...plain, eip7702: { implementation: chain.fixtures.simple7702Account } }
})
afterAll(() => chain?.stop())

const rpc = () => chainRpc(anvil)
const recipient = privateKeyToAccount(`0x${'31'.repeat(32)}`).address
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** A fresh wallet key, sealed as the frame holds it, with 1 tETH and 100 tUSD. */
async function fundedSigner() {
  const key = generatePrivateKey()
  const account = await sealedSigner(privateKeyToAccount(key).address, key)
  await chain.testClient.setBalance({ address: account.address, value: parseEther('1') })
  const holder = createWalletClient({
    account: privateKeyToAccount(devPrivateKeys[0]),
    chain: localNetwork(chain.rpcUrl, chain.chainId),
    transport: http(chain.rpcUrl),
  })
  const hash = await holder.writeContract({
    address: chain.fixtures.testUsd,
    abi: testUsdAbi,
    functionName: 'transfer',
    args: [account.address, 100_000_000n],
  })
  await chain.publicClient.waitForTransactionReceipt({ hash })
  return account
}

/** wallet_sendCalls' params for 0.01 tETH and 5 tUSD to `recipient`, from `from`. */
const twoTransfers = (from: string) => [
  {
    version: '2.0.0',
    from,
    chainId: numberToHex(chain.chainId),
    atomicRequired: true,
    calls: [
      { to: recipient, value: numberToHex(parseEther('0.01')) },
      {
        to: chain.fixtures.testUsd,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 5_000_000n] }),
      },
    ],
  },
]

/** The one transaction of `calls` as `account` signs it: prepared, then completed as once approved. */
async function transactionOf(account: LocalAccount, calls: BatchCall[]) {
  const delegates = await needsDelegation(rpc(), anvil, account.address)
  const prepared = await prepareBatch({
    request: rpc(),
    chain: anvil,
    from: account.address,
    calls,
    delegates,
  })
  return batchTransaction({ request: rpc(), chain: anvil, account, prepared })
}

const tusdOf = (owner: Hex) => tokenBalance(chain.publicClient, chain.fixtures.testUsd, owner)

describe("the frame's batched calls (EIP-5792 over EIP-7702)", () => {
  it('sends a batch of two transfers as one self-sponsored type-4 executeBatch from the same address, which then carries the delegation; the status is that transaction', async () => {
    const account = await fundedSigner()
    const calls = batchOf(twoTransfers(account.address), anvil, account.address)
    const [ethBefore, tusdBefore] = [
      await chain.publicClient.getBalance({ address: recipient }),
      await tusdOf(recipient),
    ]
    expect(await needsDelegation(rpc(), anvil, account.address)).toBe(true)
    const transaction = await transactionOf(account, calls)
    expect(transaction).toMatchObject({ type: 'eip7702', to: account.address })
    const id = (await rpc()('eth_sendRawTransaction', [await account.signTransaction(transaction)])) as Hex
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: id })
    expect(receipt).toMatchObject({ status: 'success', type: 'eip7702' })
    expect([receipt.from, receipt.to]).toEqual([account.address.toLowerCase(), account.address.toLowerCase()])
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(ethBefore + parseEther('0.01'))
    expect(await tusdOf(recipient)).toBe(tusdBefore + 5_000_000n)
    expect(await chain.publicClient.getCode({ address: account.address })).toBe(
      concat(['0xef0100', chain.fixtures.simple7702Account]).toLowerCase(),
    )
    const status = await batchStatus(rpc(), anvil, account.address, [id])
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: numberToHex(chain.chainId),
      status: 200,
      atomic: true,
    })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts[0]).toMatchObject({ transactionHash: id, status: '0x1' })

    // Delegated now: the next batch is a plain EIP-1559 self-call, with no authorization to sign again.
    expect(await needsDelegation(rpc(), anvil, account.address)).toBe(false)
    const again = await transactionOf(account, calls)
    expect(again.type).toBe('eip1559')
    const second = (await rpc()('eth_sendRawTransaction', [await account.signTransaction(again)])) as Hex
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: second })).status).toBe('success')
    expect(await tusdOf(recipient)).toBe(tusdBefore + 10_000_000n)
  })

  it("the approval shows each call decoded, token amounts included, the total value, both transfers' decreases from one simulation of the whole batch as the account, the fee and total, and the account's delegation", async () => {
    const account = await fundedSigner()
    const calls = batchOf(twoTransfers(account.address), anvil, account.address)
    const rows = await batchRows({
      request: rpc(),
      chain: anvil,
      from: account.address,
      calls,
      delegates: true,
    })
    const fee = rows.find((row) => row.label === 'Network fee')?.value ?? ''
    const total = rows.find((row) => row.label === 'Total')?.value ?? ''
    expect(fee).toMatch(/^0\.0000\d+ tETH$/)
    expect(parseEther(total.replace(' tETH', ''))).toBe(
      parseEther('0.01') + parseEther(fee.replace(' tETH', '')),
    )
    expect(rows).toEqual([
      { label: '1. Send', value: `0.01 tETH to ${short(recipient)}` },
      { label: '2. Send tUSD', value: `5 tUSD to ${short(recipient)}` },
      { label: 'Total value', value: '0.01 tETH', tone: 'minus' },
      { label: 'Balance change', value: '\u22120.01 tETH', tone: 'minus' },
      { label: 'Balance change', value: '\u22125 tUSD', tone: 'minus' },
      { label: 'Network fee', value: fee },
      { label: 'Total', value: total },
      { label: 'Network', value: 'Anvil' },
      { label: 'Account', value: 'becomes a smart account (EIP-7702) with this transaction', tone: 'warn' },
    ])
  })

  it('a batch whose second call would fail (more tUSD than the account holds) names call 2 and the reason instead of balance changes, each call still decoded', async () => {
    const account = await fundedSigner()
    const base = twoTransfers(account.address)[0] as Record<string, unknown> & { calls: unknown[] }
    const tooMuch = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 100_000_001n],
    })
    const params = [{ ...base, calls: [base.calls[0], { to: chain.fixtures.testUsd, data: tooMuch }] }]
    const calls = batchOf(params, anvil, account.address)
    const rows = await batchRows({
      request: rpc(),
      chain: anvil,
      from: account.address,
      calls,
      delegates: false,
    })
    expect(rows).toEqual([
      { label: '1. Send', value: `0.01 tETH to ${short(recipient)}` },
      { label: '2. Send tUSD', value: `100.000001 tUSD to ${short(recipient)}` },
      { label: 'Total value', value: '0.01 tETH', tone: 'minus' },
      // TestUsd's InsufficientBalance(uint256,uint256)
      { label: 'Call 2 would fail', value: 'custom error 0xcf479181', tone: 'warn' },
      { label: 'Network', value: 'Anvil' },
    ])
  })

  it('a sender that carries code already (delegated here, as a deployed smart account is) is simulated as itself: its own decreases show', async () => {
    const account = await fundedSigner()
    const calls = batchOf(twoTransfers(account.address), anvil, account.address)
    const delegating = await transactionOf(account, calls)
    const hash = (await rpc()('eth_sendRawTransaction', [await account.signTransaction(delegating)])) as Hex
    await chain.publicClient.waitForTransactionReceipt({ hash })
    expect(await needsDelegation(rpc(), anvil, account.address)).toBe(false)
    const rows = await batchRows({
      request: rpc(),
      chain: anvil,
      from: account.address,
      calls,
      delegates: false,
    })
    expect(rows.filter((row) => row.label === 'Balance change')).toEqual([
      { label: 'Balance change', value: '\u22120.01 tETH', tone: 'minus' },
      { label: 'Balance change', value: '\u22125 tUSD', tone: 'minus' },
    ])
  })

  it('refuses a batch that is not one it can send: a target or data without 0x, too many calls, a required capability, another chain or sender, its own id', () => {
    const from = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    const base = twoTransfers(from)[0] as Record<string, unknown> & { calls: Record<string, unknown>[] }
    const refused = (request: Record<string, unknown>) => () => batchOf([request], anvil, from)
    expect(refused({ ...base, calls: [{ to: recipient.slice(2) }] })).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(refused({ ...base, calls: [{ to: recipient, data: 'ab' }] })).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(refused({ ...base, calls: Array(MAX_BATCH_CALLS + 1).fill({ to: recipient }) })).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(refused({ ...base, capabilities: { paymasterService: { url: 'https://pm.example' } } })).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(refused({ ...base, chainId: '0x1' })).toThrow(expect.objectContaining({ code: 4902 }))
    expect(refused({ ...base, from: recipient })).toThrow(expect.objectContaining({ code: 4100 }))
    expect(refused({ ...base, id: 'mine' })).toThrow(expect.objectContaining({ code: -32602 }))
    expect(
      batchOf([{ ...base, capabilities: { paymasterService: { optional: true } } }], anvil, from),
    ).toHaveLength(2)
  })

  it("refuses a call to the account itself that carries data, as it runs the account's own code with the account's authority (here all its tUSD to another, unseen by the preview of an account not delegated yet); a plain transfer to itself goes", async () => {
    const account = await fundedSigner()
    const drain = encodeFunctionData({
      abi: parseAbi([
        'struct Call { address target; uint256 value; bytes data; }',
        'function executeBatch(Call[] calls)',
      ]),
      functionName: 'executeBatch',
      args: [
        [
          {
            target: chain.fixtures.testUsd,
            value: 0n,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [recipient, 100_000_000n],
            }),
          },
        ],
      ],
    })
    const base = twoTransfers(account.address)[0] as Record<string, unknown>
    const batch = (calls: Record<string, unknown>[]) => () =>
      batchOf([{ ...base, calls }], anvil, account.address)
    expect(batch([{ to: account.address, data: drain }])).toThrow(expect.objectContaining({ code: 4100 }))
    expect(batch([{ to: account.address.toLowerCase(), data: '0x00' }])).toThrow(
      expect.objectContaining({ code: 4100 }),
    )
    expect(
      batch([
        { to: account.address, value: '0x1' },
        { to: account.address, data: '0x' },
      ])(),
    ).toHaveLength(2)
  })

  it("refuses a call with data to the chain's EntryPoint, which would pay the account's gas deposit wherever it names; a plain transfer to it goes", () => {
    const from = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    const { entryPoint, simpleAccountFactory } = chain.fixtures
    // Without EIP-7702: the SimpleAccount path alone, whose EntryPoint is the one the chain lists.
    const withSmartAccounts = { ...plain, smartAccount: { entryPoint, simpleAccountFactory } }
    const base = twoTransfers(from)[0] as Record<string, unknown>
    const batch = (calls: Record<string, unknown>[]) => () =>
      batchOf([{ ...base, calls }], withSmartAccounts, from)
    const withdraw = encodeFunctionData({
      abi: entryPoint08Abi,
      functionName: 'withdrawTo',
      args: [recipient, parseEther('0.1')],
    })
    expect(
      batch([
        { to: recipient, value: '0x1' },
        { to: entryPoint.toLowerCase(), data: withdraw },
      ]),
    ).toThrow(expect.objectContaining({ code: 4100, message: 'A batch may not call the EntryPoint' }))
    expect(batch([{ to: entryPoint, value: '0x1' }])()).toHaveLength(1)
  })

  it("refuses a call with data to Simple7702Account's EntryPoint on an EIP-7702 chain without smart-account config: the address's deposit there is its own", async () => {
    const from = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    // The account code the address delegates to names its EntryPoint itself, whatever the chain's config says.
    const named = await chain.publicClient.readContract({
      address: chain.fixtures.simple7702Account,
      abi: parseAbi(['function entryPoint() view returns (address)']),
      functionName: 'entryPoint',
    })
    expect(anvil.smartAccount).toBeUndefined()
    const base = twoTransfers(from)[0] as Record<string, unknown>
    const withdraw = encodeFunctionData({
      abi: entryPoint08Abi,
      functionName: 'withdrawTo',
      args: [recipient, parseEther('0.1')],
    })
    expect(() =>
      batchOf([{ ...base, calls: [{ to: named.toLowerCase(), data: withdraw }] }], anvil, from),
    ).toThrow(expect.objectContaining({ code: 4100, message: 'A batch may not call the EntryPoint' }))
    expect(batchOf([{ ...base, calls: [{ to: named, value: '0x1' }] }], anvil, from)).toHaveLength(1)
    // Without EIP-7702 on the chain no address runs Simple7702Account's code: nothing is refused for it.
    expect(batchOf([{ ...base, calls: [{ to: named, data: withdraw }] }], plain, from)).toHaveLength(1)
  })

  it("answers only its own batches' status, and refuses to batch for an account with other code", async () => {
    const account = await fundedSigner()
    await expect(batchStatus(rpc(), anvil, account.address, [`0x${'00'.repeat(32)}`])).rejects.toMatchObject({
      code: 5730,
    })
    const holder = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[0]),
      chain: localNetwork(chain.rpcUrl, chain.chainId),
      transport: http(chain.rpcUrl),
    })
    const others = await holder.sendTransaction({ to: recipient, value: 1n })
    await chain.publicClient.waitForTransactionReceipt({ hash: others })
    await expect(batchStatus(rpc(), anvil, account.address, [others])).rejects.toMatchObject({ code: 5730 })
    await expect(needsDelegation(rpc(), anvil, chain.fixtures.testUsd)).rejects.toMatchObject({ code: 4200 })
  })

  it('says atomic batches are supported on a chain with EIP-7702 while the EOA acts', () => {
    const holder = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    const hex = numberToHex(chain.chainId)
    expect(frameCapabilities([anvil], holder, [holder], true)).toEqual({
      [hex]: { assetDiscovery: { supported: true }, atomic: { status: 'supported' } },
    })
    expect(frameCapabilities([anvil], holder, [holder], false)).toEqual({
      [hex]: { assetDiscovery: { supported: true } },
    })
    expect(frameCapabilities([plain], holder, [holder], true)).toEqual({
      [hex]: { assetDiscovery: { supported: true } },
    })
  })

  it('a chain without EIP-7702 refuses wallet_sendCalls as unsupported (4200), so the modal sends the calls one by one', async () => {
    const owner = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    const frame = await signedInFrame(new MapStore(), owner, {
      hostOrigin: 'http://localhost:5173',
      chains: [plain],
    })
    await expect(
      frame.RPC_REQUEST({
        method: 'wallet_sendCalls',
        params: twoTransfers(owner),
        chainId: chain.chainId,
        chainNamespace: 'eip155',
      }),
    ).rejects.toMatchObject({
      code: 4200,
      message: 'Batched calls are not available on Anvil in this wallet',
    })
    await expect(
      frame.RPC_REQUEST({
        method: 'wallet_getCallsStatus',
        params: [`0x${'00'.repeat(32)}`],
        chainId: chain.chainId,
        chainNamespace: 'eip155',
      }),
    ).rejects.toMatchObject({ code: 5730 })
  })
  it('a request for an account whose delegating transaction is still unmined past the wait is refused, saying so; once it is mined, the next goes on without asking the chain again', async () => {
    const account = await fundedSigner()
    const calls = batchOf(twoTransfers(account.address), anvil, account.address)
    const delegations = pendingDelegations({ waitMs: 200, pollMs: 50 })
    await chain.testClient.setAutomine(false)
    try {
      const delegating = await transactionOf(account, calls)
      const hash = (await rpc()('eth_sendRawTransaction', [await account.signTransaction(delegating)])) as Hex
      delegations.sent(chain.chainId, account.address, hash)
      await expect(delegations.mined(rpc(), chain.chainId, account.address)).rejects.toMatchObject({
        code: -32603,
        message:
          'An earlier transaction making this account a smart account is still pending: try again once it is mined',
      })
      await chain.testClient.mine({ blocks: 1 })
      await delegations.mined(rpc(), chain.chainId, account.address)
    } finally {
      await chain.testClient.setAutomine(true)
    }
    const unasked = () => Promise.reject(new Error('the chain was asked'))
    await expect(delegations.mined(unasked, chain.chainId, account.address)).resolves.toBeUndefined()
  })

  it('a delegating transaction the node dropped unmined holds nothing up: the next request goes on at once and it is forgotten', async () => {
    const account = await fundedSigner()
    const calls = batchOf(twoTransfers(account.address), anvil, account.address)
    // Were it waited for, the request would be refused after this.
    const delegations = pendingDelegations({ waitMs: 2_000, pollMs: 50 })
    await chain.testClient.setAutomine(false)
    try {
      const delegating = await transactionOf(account, calls)
      const hash = (await rpc()('eth_sendRawTransaction', [await account.signTransaction(delegating)])) as Hex
      delegations.sent(chain.chainId, account.address, hash)
      await chain.testClient.dropTransaction({ hash })
      await expect(delegations.mined(rpc(), chain.chainId, account.address)).resolves.toBeUndefined()
    } finally {
      await chain.testClient.setAutomine(true)
    }
    const unasked = () => Promise.reject(new Error('the chain was asked'))
    await expect(delegations.mined(unasked, chain.chainId, account.address)).resolves.toBeUndefined()
  })

  it('a request waiting for a pending delegating transaction is ended at its abort as aborted by the user, before the wait’s limit; the transaction is still waited for by the next', async () => {
    const account = await fundedSigner()
    const calls = batchOf(twoTransfers(account.address), anvil, account.address)
    const delegations = pendingDelegations({ waitMs: 10_000, pollMs: 50 })
    await chain.testClient.setAutomine(false)
    try {
      const delegating = await transactionOf(account, calls)
      const hash = (await rpc()('eth_sendRawTransaction', [await account.signTransaction(delegating)])) as Hex
      delegations.sent(chain.chainId, account.address, hash)
      const cancel = new AbortController()
      const waiting = delegations.mined(rpc(), chain.chainId, account.address, cancel.signal)
      setTimeout(() => cancel.abort(), 100)
      const started = Date.now()
      await expect(waiting).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
      expect(Date.now() - started).toBeLessThan(1_000)
      expect(delegations.pending(chain.chainId, account.address)).toBe(true)
      await chain.testClient.mine({ blocks: 1 })
      await delegations.mined(rpc(), chain.chainId, account.address)
      expect(delegations.pending(chain.chainId, account.address)).toBe(false)
    } finally {
      await chain.testClient.setAutomine(true)
    }
  })
})
