import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  hexToBigInt,
  http,
  type LocalAccount,
  numberToHex,
  type PrivateKeyAccount,
  parseEther,
  parseGwei,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  devPrivateKeys,
  type LocalBundler,
  localNetwork,
  startBundler,
} from '../../../services/chain/index.js'
import { chainRpc } from '../../../services/frame/app/chainRpc.js'
import { PREPARED_FEES_MAX_AGE_MS } from '../../../services/frame/app/prepareTransaction.js'
import type { FrameSession } from '../../../services/frame/app/session.js'
import { type SmartAccountChain, simpleAccountOf } from '../../../services/frame/app/smartAccount.js'
import type { Row } from '../../../services/frame/app/ui/screens.js'
import {
  bundlerRpc,
  prepareUserOperation,
  userOperationStatus,
} from '../../../services/frame/app/userOperation.js'
import { previewCalls } from '../../../services/frame/preview/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { freePort } from '../../support/ports.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import {
  anvilFrameChain,
  baseFeeBecomes,
  failingGateway,
  feesRise,
  rowValue,
  testFrameHandlers,
} from './support/frameFixtures.js'

/**
 * The approval on screen: its rows, and how the test answers it (the screen itself is the e2e tests'), with
 * the rows and warnings of every approval the request showed.
 */
const approval: {
  rows?: Row[]
  answer?: (approved: boolean) => void
  shown: Row[][]
  warnings: string[]
  notices: string[]
} = {
  shown: [],
  warnings: [],
  notices: [],
}
vi.mock('../../../services/frame/app/ui/screens.js', async (original) => ({
  ...(await original<typeof import('../../../services/frame/app/ui/screens.js')>()),
  idleScreen: () => {},
  noticeScreen: (title: string) => {
    approval.notices.push(title)
  },
  approvalScreen: (_signal: AbortSignal, { rows, warning }: { rows: Row[]; warning?: string }) =>
    new Promise<boolean>((resolve) => {
      approval.rows = rows
      approval.shown.push(rows)
      if (warning) approval.warnings.push(warning)
      approval.answer = resolve
    }),
}))

/** The frame's clock, in ms: it moves only when a test moves it. */
const clock = { ms: 0 }

let chain: ChainFixture
let bundler: LocalBundler
let anvil: SmartAccountChain
let dataDir: string

beforeAll(async () => {
  chain = await startChainFixture()
  dataDir = mkdtempSync(join(tmpdir(), 'pairwise-userop-'))
  bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    entryPoint: chain.fixtures.entryPoint,
    host: '127.0.0.1',
    port: await freePort(),
    logFile: join(dataDir, 'bundler.log'),
  })
  const { entryPoint, simpleAccountFactory } = chain.fixtures
  anvil = anvilFrameChain(chain, {
    smartAccount: { entryPoint, simpleAccountFactory, bundlerUrl: bundler.url },
  })
}, 120_000)
afterAll(async () => {
  await bundler?.stop()
  await chain?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The status once the bundler has the operation mined, asked as the host would, every 200 ms. */
async function settled(sender: Address, id: Hex) {
  for (let poll = 0; poll < 150; poll++) {
    const status = await userOperationStatus(anvil, sender, id, (sent) => sent === id)
    if (status?.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`operation ${id} still pending`)
}

/** The UserOperation the bundler mined as `id`, as its gas fields and fees. */
async function minedOperation(id: Hex) {
  const { userOperation } = (await bundlerRpc(anvil)('eth_getUserOperationByHash', [id])) as {
    userOperation: Record<string, Hex | undefined>
  }
  const field = (name: string) => hexToBigInt(userOperation[name] ?? '0x0')
  return {
    nonce: field('nonce'),
    callGasLimit: field('callGasLimit'),
    verificationGasLimit: field('verificationGasLimit'),
    preVerificationGas: field('preVerificationGas'),
    paymasterVerificationGasLimit: field('paymasterVerificationGasLimit'),
    paymasterPostOpGasLimit: field('paymasterPostOpGasLimit'),
    maxFeePerGas: field('maxFeePerGas'),
    maxPriorityFeePerGas: field('maxPriorityFeePerGas'),
    factory: userOperation.factory,
  }
}

/** The most a mined operation could pay: every gas limit of it at its maxFeePerGas. */
const mostPaid = (sent: Awaited<ReturnType<typeof minedOperation>>) =>
  (sent.callGasLimit +
    sent.verificationGasLimit +
    sent.preVerificationGas +
    sent.paymasterVerificationGasLimit +
    sent.paymasterPostOpGasLimit) *
  sent.maxFeePerGas

/** The frame of `owner`'s signed-in session, acting as its smart account on `on` (Anvil unless given). */
function smartAccountFrame(owner: LocalAccount, on: SmartAccountChain = anvil) {
  const session = {
    user: { email: 'ada@example.com', address: owner.address, walletId: 'w', version: 1 },
    account: async () => owner,
    preferredAccountType: async () => 'smartAccount',
  } as unknown as FrameSession
  return testFrameHandlers(session, {
    hostOrigin: 'http://localhost:5173',
    chains: [on],
    smartAccountNetworks: [on.chainId],
    now: () => clock.ms,
  })
}

/**
 * wallet_sendCalls of `calls` from `owner`'s smart account at `from`, through `frame` (a frame of its own
 * on `on` unless given).
 */
function sendCalls(
  owner: LocalAccount,
  from: Address,
  calls: { to: Address; value?: bigint; data?: Hex }[],
  on: SmartAccountChain = anvil,
  frame = smartAccountFrame(owner, on),
) {
  approval.rows = undefined
  approval.answer = undefined
  approval.shown = []
  approval.warnings = []
  approval.notices = []
  return frame.RPC_REQUEST({
    method: 'wallet_sendCalls',
    params: [
      {
        chainId: numberToHex(on.chainId),
        from,
        atomicRequired: true,
        calls: calls.map(({ to, value, data }) => ({
          to,
          ...(value === undefined ? {} : { value: numberToHex(value) }),
          ...(data === undefined ? {} : { data }),
        })),
      },
    ],
    chainId: on.chainId,
    chainNamespace: 'eip155',
  }) as Promise<{ id: Hex }>
}

/** How the test answers the approval of `sending`, once it shows; `sending` ending first fails the test. */
const shownApproval = (sending: Promise<unknown>) =>
  Promise.race([
    vi.waitFor(() => approval.answer ?? Promise.reject(new Error('no approval shown yet')), {
      timeout: 30_000,
      interval: 100,
    }),
    sending.then(
      () => Promise.reject(new Error('answered with no approval')),
      (error: unknown) => Promise.reject(new Error(`refused with no approval: ${String(error)}`)),
    ),
  ])

/** The amount of tETH an approval's row shows. */
const shownAmount = (rows: readonly Row[] | undefined, label: string) =>
  parseEther(rowValue(rows, label)?.replace(' tETH', '') ?? '0')

/** `owner` as the frame holds it, telling `signed` of each operation (EIP-712 data) it signs. */
function watchedOwner(owner: PrivateKeyAccount) {
  const signed: unknown[] = []
  const watched: LocalAccount = {
    ...owner,
    signTypedData: (typedData) => {
      signed.push(typedData)
      return owner.signTypedData(typedData)
    },
  }
  return { watched, signed }
}

describe("the frame's UserOperations through the local bundler (alto)", () => {
  it('FRAME-14 a batch of a tETH and a tUSD transfer from the counterfactual SimpleAccount is one UserOperation that deploys the account, and its status is confirmed with the receipt', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    expect(smart.isDeployed).toBe(false)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const holder = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[0]),
      chain: localNetwork(chain.rpcUrl, chain.chainId),
      transport: http(chain.rpcUrl),
    })
    await chain.publicClient.waitForTransactionReceipt({
      hash: await holder.writeContract({
        address: chain.fixtures.testUsd,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [smart.address, 10_000_000n],
      }),
    })
    const calls = [
      { to: recipient, value: parseEther('0.01'), data: '0x' as const },
      {
        to: chain.fixtures.testUsd,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1_000_000n] }),
      },
    ]
    const id = await (
      await prepareUserOperation({ chain: anvil, owner, address: smart.address, calls })
    ).send()
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)

    const status = await settled(smart.address, id)
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      atomic: true,
      status: 200,
      receipts: [{ status: '0x1' }],
    })
    // Both transfers landed in the one bundle transaction, and the account was deployed by it.
    const [receipt] = status?.receipts ?? []
    const mined = await chain.publicClient.getTransactionReceipt({
      hash: receipt?.transactionHash as `0x${string}`,
    })
    expect(mined.to?.toLowerCase()).toBe(chain.fixtures.entryPoint.toLowerCase())
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(await tokenBalance(chain.publicClient, chain.fixtures.testUsd, recipient)).toBe(1_000_000n)
    expect(await simpleAccountOf(chainRpc(anvil), anvil, owner.address)).toEqual({
      address: smart.address,
      isDeployed: true,
    })

    // The next operation comes from the deployed account, without the factory.
    const again = await (
      await prepareUserOperation({
        chain: anvil,
        owner,
        address: smart.address,
        calls: [{ to: recipient, value: parseEther('0.02'), data: '0x' }],
      })
    ).send()
    expect(await settled(smart.address, again)).toMatchObject({ status: 200 })
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.03'))

    // Another sender's operation, or a hash that is none, is no UserOperation batch of this account.
    const sentHere = () => true
    expect(await userOperationStatus(anvil, owner.address, id, sentHere)).toBeUndefined()
    expect(
      await userOperationStatus(anvil, smart.address, `0x${'ab'.repeat(32)}`, () => false),
    ).toBeUndefined()
    // Not mined, but sent by this frame: pending.
    expect(await userOperationStatus(anvil, smart.address, `0x${'ab'.repeat(32)}`, sentHere)).toMatchObject({
      status: 100,
      receipts: [],
    })
    await expect(userOperationStatus(anvil, smart.address, 'nope', sentHere)).rejects.toMatchObject({
      code: 5730,
    })
  }, 120_000)

  it('the approval of a smart account batch shows as its network fee the most its UserOperation may cost (every gas limit at maxFeePerGas, more than the calls alone), and the operation sent is the one shown even when fees rise before the user approves', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const value = parseEther('0.01')
    const calls = [{ to: recipient, value, data: '0x' as const }]
    // What the calls alone cost: each one's gas as a transaction of its own, at the node's gas price.
    const preview = await previewCalls({
      request: chainRpc(anvil),
      chain: { id: anvil.chainId, nativeSymbol: 'tETH', nativeDecimals: 18 },
      from: smart.address,
      calls,
    })
    if (preview.outcome.status !== 'success') throw new Error('the transfer would fail')

    const sending = sendCalls(owner, smart.address, [{ to: recipient, value }])
    const answer = await shownApproval(sending)
    await feesRise(chain)
    answer(true)
    const { id } = await sending
    expect(await settled(smart.address, id)).toMatchObject({ status: 200 })

    const fee = mostPaid(await minedOperation(id))
    expect(fee).toBeGreaterThan(preview.outcome.fee.amount.value)
    expect(rowValue(approval.rows, 'Network fee')).toBe(`${formatEther(fee)} tETH`)
    expect(rowValue(approval.rows, 'Total')).toBe(`${formatEther(value + fee)} tETH`)
    expect(rowValue(approval.rows, 'Account')).toBe('the smart account is deployed with this operation')
  }, 120_000)

  it('the operation sent is exactly the one prepared: its nonce, factory, gas limits and fees, even when fees rise in between, and its fee is every gas limit at maxFeePerGas', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const prepared = await prepareUserOperation({
      chain: anvil,
      owner,
      address: smart.address,
      calls: [{ to: owner.address, value: 1n, data: '0x' }],
    })
    const { operation } = prepared
    expect(prepared.fee).toEqual({
      gas: operation.callGasLimit + operation.verificationGasLimit + operation.preVerificationGas,
      pricePerGas: operation.maxFeePerGas,
    })
    await feesRise(chain)
    const id = await prepared.send()
    expect(await settled(smart.address, id)).toMatchObject({ status: 200 })
    expect(await minedOperation(id)).toEqual({
      nonce: operation.nonce,
      callGasLimit: operation.callGasLimit,
      verificationGasLimit: operation.verificationGasLimit,
      preVerificationGas: operation.preVerificationGas,
      paymasterVerificationGasLimit: 0n,
      paymasterPostOpGasLimit: 0n,
      maxFeePerGas: operation.maxFeePerGas,
      maxPriorityFeePerGas: operation.maxPriorityFeePerGas,
      factory: chain.fixtures.simpleAccountFactory,
    })
  }, 120_000)

  it("a batch whose second call reverts shows its approval with the calls and which call would fail and why, and approving it answers the bundler's refusal with nothing signed or sent", async () => {
    const { watched, signed } = watchedOwner(privateKeyToAccount(generatePrivateKey()))
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, watched.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    // The account holds no tUSD: TestUsd's InsufficientBalance(uint256,uint256).
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })
    const sending = sendCalls(watched, smart.address, [
      { to: recipient, value: parseEther('0.01') },
      { to: chain.fixtures.testUsd, data: tooMuch },
    ])
    const answer = await shownApproval(sending)
    expect(rowValue(approval.rows, '1. Send')).toMatch(/^0\.01 tETH to /)
    expect(rowValue(approval.rows, 'Call 2 would fail')).toBe('custom error 0xcf479181')
    expect(rowValue(approval.rows, 'Network fee')).toBeUndefined()
    answer(true)
    await expect(sending).rejects.toMatchObject({
      name: 'FrameFailure',
      message: expect.stringContaining('UserOperation reverted during simulation'),
    })
    expect(signed).toEqual([])
    expect(await chain.publicClient.getCode({ address: smart.address })).toBeUndefined()
  }, 60_000)

  it("an operation the account cannot pay for shows its approval with the bundler's reason, and approving it answers that refusal with nothing signed or sent", async () => {
    const { watched, signed } = watchedOwner(privateKeyToAccount(generatePrivateKey()))
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, watched.address)
    const sending = sendCalls(watched, smart.address, [{ to: watched.address, value: 0n }])
    const answer = await shownApproval(sending)
    expect(rowValue(approval.rows, '1. Send')).toMatch(/^0 tETH to /)
    expect(rowValue(approval.rows, 'This transaction would fail')).toContain("AA21 didn't pay prefund")
    expect(rowValue(approval.rows, 'Network fee')).toBeUndefined()
    answer(true)
    await expect(sending).rejects.toMatchObject({
      name: 'FrameFailure',
      message: expect.stringContaining("AA21 didn't pay prefund"),
    })
    expect(signed).toEqual([])
    expect(await chain.publicClient.getCode({ address: smart.address })).toBeUndefined()
  }, 60_000)

  it("refuses, before any approval, a batch that has the smart account withdraw its EntryPoint gas deposit to another address, as the approval's preview would show nothing leaving the account", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const thief = privateKeyToAccount(generatePrivateKey()).address
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const first = await (
      await prepareUserOperation({
        chain: anvil,
        owner,
        address: smart.address,
        calls: [{ to: owner.address, value: 1n, data: '0x' }],
      })
    ).send()
    expect(await settled(smart.address, first)).toMatchObject({ status: 200 })
    // What the first operation's prefund left unspent stays the account's deposit at the EntryPoint.
    const deposit = await chain.publicClient.readContract({
      address: chain.fixtures.entryPoint,
      abi: entryPoint08Abi,
      functionName: 'balanceOf',
      args: [smart.address],
    })
    expect(deposit).toBeGreaterThan(0n)
    // Part of it: the operation's own prefund is held from the deposit while its calls run.
    const withdraw = encodeFunctionData({
      abi: entryPoint08Abi,
      functionName: 'withdrawTo',
      args: [thief, deposit / 10n],
    })
    const sending = sendCalls(owner, smart.address, [{ to: chain.fixtures.entryPoint, data: withdraw }])
    // Settled either way, the request stops the watch for its approval, which then leaves later tests alone.
    let answered = false
    const refusal = sending.finally(() => {
      answered = true
    })
    const shown = vi
      .waitFor(() => (answered ? undefined : (approval.rows ?? Promise.reject(new Error('not yet')))), {
        timeout: 30_000,
        interval: 100,
      })
      .then((rows) => {
        if (rows === undefined) return
        approval.answer?.(false)
        throw new Error(`approval shown: ${JSON.stringify(rows)}`)
      })
    await expect(Promise.race([refusal, shown])).rejects.toMatchObject({
      code: 4100,
      message: 'A batch may not call the EntryPoint',
    })
    expect(approval.rows).toBeUndefined()
  }, 120_000)

  it('a batch for a bundler that refuses the connection fails as the bundler not answering, without an approval', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const unreachable = {
      ...anvil,
      smartAccount: { ...anvil.smartAccount, bundlerUrl: 'http://127.0.0.1:9' },
    }
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const sending = sendCalls(owner, smart.address, [{ to: owner.address, value: 1n }], unreachable)
    await expect(sending).rejects.toMatchObject({
      name: 'ChainUnreachable',
      message: 'The bundler of Anvil cannot be reached: try again in a moment',
    })
    expect(approval.rows).toBeUndefined()
  }, 60_000)

  it("a batch whose bundler's gateway answers the gas estimate with HTTP 502 and an HTML page fails as the bundler not answering, without an approval saying it would fail", async () => {
    const { watched, signed } = watchedOwner(privateKeyToAccount(generatePrivateKey()))
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, watched.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const gateway = await failingGateway(bundler.url, 'eth_estimateUserOperationGas')
    try {
      const behind = { ...anvil, smartAccount: { ...anvil.smartAccount, bundlerUrl: gateway.url } }
      const sending = sendCalls(watched, smart.address, [{ to: watched.address, value: 1n }], behind)
      await expect(sending).rejects.toMatchObject({
        name: 'ChainUnreachable',
        message: 'The bundler of Anvil cannot be reached (it answered 502): try again in a moment',
      })
      expect(approval.rows).toBeUndefined()
      expect(signed).toEqual([])
    } finally {
      await gateway.close()
    }
  }, 60_000)

  it("a batch whose chain's gateway answers the block its fees are read from with HTTP 502 fails as the chain not answering, without an approval", async () => {
    const { watched, signed } = watchedOwner(privateKeyToAccount(generatePrivateKey()))
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, watched.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const gateway = await failingGateway(chain.rpcUrl, 'eth_getBlockByNumber')
    try {
      const behind = { ...anvil, rpcUrl: gateway.url }
      const sending = sendCalls(watched, smart.address, [{ to: watched.address, value: 1n }], behind)
      await expect(shownApproval(sending)).rejects.toThrow(
        'refused with no approval: ChainUnreachable: Anvil cannot be reached (it answered 502): try again in a moment',
      )
      expect(signed).toEqual([])
    } finally {
      await gateway.close()
    }
  }, 60_000)

  it("an approved batch whose bundler's gateway answers the operation sent with HTTP 502 fails as the bundler not answering, so the user can try again", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const gateway = await failingGateway(bundler.url, 'eth_sendUserOperation')
    try {
      const behind = { ...anvil, smartAccount: { ...anvil.smartAccount, bundlerUrl: gateway.url } }
      const sending = sendCalls(owner, smart.address, [{ to: owner.address, value: 1n }], behind)
      const answer = await shownApproval(sending)
      expect(rowValue(approval.rows, 'Network fee')).toMatch(/ tETH$/)
      answer(true)
      await expect(sending).rejects.toMatchObject({
        name: 'ChainUnreachable',
        message: 'The bundler of Anvil cannot be reached (it answered 502): try again in a moment',
      })
    } finally {
      await gateway.close()
    }
  }, 60_000)

  it('a smart account batch approved once its approval was open past the age of its fees, the base fee doubled meanwhile, is shown again with the new fee, saying the network fee changed, and its UserOperation is signed only once approved again, as then shown', async () => {
    const { watched, signed } = watchedOwner(privateKeyToAccount(generatePrivateKey()))
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, watched.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    await baseFeeBecomes(chain, parseGwei('10'))
    const sending = sendCalls(watched, smart.address, [{ to: watched.address, value: 1n }])
    const first = await shownApproval(sending)
    clock.ms += PREPARED_FEES_MAX_AGE_MS
    await baseFeeBecomes(chain, parseGwei('20'))
    // What the test answers next is the approval shown again.
    approval.answer = undefined
    first(true)
    const again = await shownApproval(sending)
    expect(signed).toEqual([])
    expect(approval.warnings).toEqual([
      'The network fee changed since this was first shown: check it again before you approve.',
    ])
    expect(shownAmount(approval.shown[1], 'Network fee')).toBeGreaterThan(
      shownAmount(approval.shown[0], 'Network fee'),
    )
    again(true)
    const { id } = await sending
    expect(signed).toHaveLength(1)
    expect(await settled(smart.address, id)).toMatchObject({ status: 200 })
    expect(rowValue(approval.shown[1], 'Network fee')).toBe(
      `${formatEther(mostPaid(await minedOperation(id)))} tETH`,
    )
  }, 120_000)

  it('a smart account batch approved once its approval was open past the age of its fees, the base fee lower meanwhile, is signed at once with the fees of then, for less than its approval showed', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    await baseFeeBecomes(chain, parseGwei('10'))
    const sending = sendCalls(owner, smart.address, [{ to: owner.address, value: 1n }])
    const first = await shownApproval(sending)
    clock.ms += PREPARED_FEES_MAX_AGE_MS
    await baseFeeBecomes(chain, parseGwei('5'))
    first(true)
    const { id } = await sending
    expect(approval.shown).toHaveLength(1)
    expect(approval.warnings).toEqual([])
    expect(await settled(smart.address, id)).toMatchObject({ status: 200 })
    expect(mostPaid(await minedOperation(id))).toBeLessThan(shownAmount(approval.shown[0], 'Network fee'))
  }, 120_000)

  it("a smart account batch approved once its approval was open past the age of its fees, the account unable to pay by then, is shown again headed by its failure rather than by the fee, and approving that answers the bundler's refusal with nothing signed", async () => {
    const { watched, signed } = watchedOwner(privateKeyToAccount(generatePrivateKey()))
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, watched.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const sending = sendCalls(watched, smart.address, [{ to: watched.address, value: 0n }])
    sending.catch(() => undefined)
    const first = await shownApproval(sending)
    clock.ms += PREPARED_FEES_MAX_AGE_MS
    await chain.testClient.setBalance({ address: smart.address, value: 0n })
    // What the test answers next is the approval shown again.
    approval.answer = undefined
    first(true)
    const again = await shownApproval(sending)
    expect(approval.warnings).toEqual([
      'This would fail now, though it would not when first shown: see why below.',
    ])
    expect(rowValue(approval.shown[1], 'This transaction would fail')).toContain("AA21 didn't pay prefund")
    again(true)
    await expect(sending).rejects.toMatchObject({
      name: 'FrameFailure',
      message: expect.stringContaining("AA21 didn't pay prefund"),
    })
    expect(signed).toEqual([])
  }, 120_000)

  it('a smart account batch whose approval opened before the account was deployed, deployed meanwhile by another of its operations, is sent on approval without the factory and is mined', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { watched, signed } = watchedOwner(owner)
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const sending = sendCalls(watched, smart.address, [{ to: owner.address, value: 1n }])
    const answer = await shownApproval(sending)
    expect(rowValue(approval.rows, 'Account')).toBe('the smart account is deployed with this operation')
    // The same account, used from elsewhere (another device of the user's), is deployed before the approval.
    const elsewhere = await (
      await prepareUserOperation({
        chain: anvil,
        owner,
        address: smart.address,
        calls: [{ to: owner.address, value: 2n, data: '0x' }],
      })
    ).send()
    expect(await settled(smart.address, elsewhere)).toMatchObject({ status: 200 })
    answer(true)
    const { id } = await sending
    expect(await settled(smart.address, id)).toMatchObject({ status: 200 })
    expect((await minedOperation(id)).factory).toBeUndefined()
    // Without the deployment it costs less than shown: signed on the first approval.
    expect(approval.shown).toHaveLength(1)
    expect(signed).toHaveLength(1)
  }, 120_000)

  it('two smart account batches requested back to back on an undeployed account are both mined, only the first deploying it: the second waits, saying so, until the first is mined', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const frame = smartAccountFrame(owner)
    let second: Promise<{ id: Hex }> | undefined
    let firstId: Hex | undefined
    await chain.testClient.setAutomine(false)
    try {
      const first = sendCalls(owner, smart.address, [{ to: owner.address, value: 1n }], anvil, frame)
      ;(await shownApproval(first))(true)
      firstId = (await first).id
      second = sendCalls(owner, smart.address, [{ to: owner.address, value: 2n }], anvil, frame)
      second.catch(() => undefined)
      // The first is not mined yet: the second either shows its approval or waits for the first.
      await vi.waitFor(
        () => {
          if (approval.answer === undefined && approval.notices.length === 0) throw new Error('neither yet')
        },
        { timeout: 30_000, interval: 100 },
      )
    } finally {
      await chain.testClient.setAutomine(true)
    }
    await chain.testClient.mine({ blocks: 1 })
    ;(await shownApproval(second))(true)
    const { id: secondId } = await second
    expect(approval.notices).toEqual(['Waiting for your previous transaction'])
    expect(await settled(smart.address, firstId)).toMatchObject({ status: 200 })
    expect(await settled(smart.address, secondId)).toMatchObject({ status: 200 })
    expect((await minedOperation(firstId)).factory).toBe(chain.fixtures.simpleAccountFactory)
    expect((await minedOperation(secondId)).factory).toBeUndefined()
  }, 120_000)
})
