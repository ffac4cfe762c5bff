import {
  concat,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  type LocalAccount,
  numberToHex,
  parseAbi,
  parseEther,
  parseGwei,
  recoverMessageAddress,
  toHex,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Eip7702Chain } from '../../../services/frame/app/batchCalls.js'
import { PREPARED_FEES_MAX_AGE_MS } from '../../../services/frame/app/prepareTransaction.js'
import type { FrameSession } from '../../../services/frame/app/session.js'
import type { Row } from '../../../services/frame/app/ui/screens.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import {
  anvilFrameChain,
  baseFeeBecomes,
  failingGateway,
  feesRise,
  rowValue,
  testFrameHandlers,
  unreachableChain,
} from './support/frameFixtures.js'
import { permitFields } from './support/permitFields.js'

/**
 * The approvals shown, each approved at once unless a test holds the answer (the screen itself is the e2e
 * tests'); `page` is what the frame's page shows now, as the real screens replace one another.
 */
const shown: Row[][] = []
const page: { showing: string; held: boolean; answer?: (approved: boolean) => void; warnings: string[] } = {
  showing: 'idle',
  held: false,
  warnings: [],
}
vi.mock('../../../services/frame/app/ui/screens.js', async (original) => {
  const screens = await original<typeof import('../../../services/frame/app/ui/screens.js')>()
  return {
    ...screens,
    idleScreen: () => {
      page.showing = 'idle'
    },
    noticeScreen: (title: string) => {
      page.showing = title
    },
    approvalScreen: (signal: AbortSignal, { rows, warning }: { rows: Row[]; warning?: string }) =>
      new Promise<boolean>((resolve, reject) => {
        shown.push(rows)
        if (warning) page.warnings.push(warning)
        page.showing = rows.map((row) => row.value).join(' ')
        if (!page.held) return resolve(true)
        page.answer = resolve
        signal.addEventListener('abort', () => reject(new screens.ScreenAborted()), { once: true })
      }),
  }
})

/** The frame's clock, in ms: it moves only when a test moves it. */
const clock = { ms: 0 }

const hostOrigin = 'http://localhost:5173'
const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const user = { email: 'ada@example.com', address: account.address, walletId: 'w', version: 1 }

/** The frame of `signer`'s signed-in session, acting as its EOA on `chains`. */
function frame(signer: LocalAccount = account, chains = [unreachableChain]) {
  const session = {
    user: { ...user, address: signer.address },
    account: async () => signer,
    preferredAccountType: async () => 'eoa',
  } as unknown as FrameSession
  return testFrameHandlers(session, { hostOrigin, chains, now: () => clock.ms })
}

const personalSign = (message: string) =>
  frame().RPC_REQUEST({
    method: 'personal_sign',
    params: [message, account.address],
    chainId: unreachableChain.chainId,
    chainNamespace: 'eip155',
  }) as Promise<`0x${string}`>

beforeEach(() => {
  clock.ms = 0
  shown.length = 0
  page.showing = 'idle'
  page.held = false
  page.answer = undefined
  page.warnings.length = 0
})

describe('personal_sign in the secure frame signs the message its approval shows', () => {
  it('hex of whole bytes is signed as those bytes, shown as their text', async () => {
    const signature = await personalSign(toHex('hi'))
    expect(shown).toEqual([[{ label: 'Message', value: 'hi' }]])
    expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(account.address)
  })

  it('bytes that begin with a byte order mark show it as part of the text: the text shown is all the bytes signed', async () => {
    const bytes = concat(['0xefbbbf', toHex('hi')])
    const signature = await personalSign(bytes)
    expect(shown).toEqual([[{ label: 'Message', value: '\uFEFFhi' }]])
    expect(await recoverMessageAddress({ message: { raw: bytes }, signature })).toBe(account.address)
  })

  it('text that is not hex of whole bytes ("hello", "0xabc") is signed as the UTF-8 text shown, not read as hex', async () => {
    for (const text of ['hello', '0xabc', '0xZZ']) {
      shown.length = 0
      const signature = await personalSign(text)
      expect(shown).toEqual([[{ label: 'Message', value: text }]])
      expect(await recoverMessageAddress({ message: text, signature })).toBe(account.address)
    }
  })
})

const signTypedData = (typedData: unknown) =>
  frame().RPC_REQUEST({
    method: 'eth_signTypedData_v4',
    params: [account.address, typedData],
    chainId: unreachableChain.chainId,
    chainNamespace: 'eip155',
  }) as Promise<`0x${string}`>

const mailTypes = { Mail: [{ name: 'contents', type: 'string' }] }
const mail = { contents: 'Hello, Bob!' }

describe('eth_signTypedData_v4 in the secure frame signs for the domain its approval shows', () => {
  it('a message with more fields than the approval shows ends it with a warning that the rest is signed too', async () => {
    await signTypedData({
      types: { List: [{ name: 'items', type: 'uint256[]' }] },
      primaryType: 'List',
      domain: { name: 'Long List' },
      message: { items: Array.from({ length: 500 }, (_, index) => String(index)) },
    })
    expect(shown[0]?.at(-1)).toEqual({
      label: 'Not shown',
      value: 'more fields than fit here, signed too: sign only if you trust this app',
      tone: 'warn',
    })
  })

  it('a chain id sent as text, with no EIP712Domain declared, binds the signature to that chain, as shown', async () => {
    const chainId = unreachableChain.chainId
    const signature = await signTypedData(
      JSON.stringify({
        types: mailTypes,
        primaryType: 'Mail',
        domain: { name: 'Ether Mail', chainId: String(chainId) },
        message: mail,
      }),
    )
    expect(shown).toEqual([
      [
        { label: 'Type', value: 'Mail' },
        { label: 'App', value: 'Ether Mail' },
        { label: 'contents', value: 'Hello, Bob!' },
      ],
    ])
    const domain = { name: 'Ether Mail', chainId: BigInt(chainId) }
    const signed = {
      address: account.address,
      types: mailTypes,
      primaryType: 'Mail' as const,
      message: mail,
      signature,
    }
    expect(await verifyTypedData({ ...signed, domain })).toBe(true)
    expect(await verifyTypedData({ ...signed, domain: { ...domain, chainId: 1n } })).toBe(false)
  })

  it('a domain without a chain id is shown as valid on any chain', async () => {
    const typedData = {
      types: mailTypes,
      primaryType: 'Mail' as const,
      domain: { name: 'Ether Mail' },
      message: mail,
    }
    const signature = await signTypedData(typedData)
    expect(shown[0]?.[0]).toEqual({ label: 'For any chain', value: 'not bound to one chain', tone: 'warn' })
    expect(await verifyTypedData({ ...typedData, address: account.address, signature })).toBe(true)
  })

  it("another chain than the frame's is named before the fields", async () => {
    await signTypedData({ types: mailTypes, primaryType: 'Mail', domain: { chainId: 1 }, message: mail })
    expect(shown[0]?.[0]).toEqual({ label: 'For another chain', value: 'chain 1', tone: 'warn' })
  })

  it('a domain field EIP712Domain leaves out, so that the signature would not bind it, is refused before any approval', async () => {
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], ...mailTypes },
      primaryType: 'Mail',
      domain: {
        name: 'Ether Mail',
        chainId: unreachableChain.chainId,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      message: mail,
    }
    await expect(signTypedData(typedData)).rejects.toMatchObject({ message: 'Invalid request parameters' })
    expect(shown).toEqual([])
  })
})

describe('eth_signTypedData_v4 in the secure frame signs the values its approval shows', () => {
  const permitTypes = { Permit: permitFields }
  const spender = '0x3333333333333333333333333333333333333333'
  const permit = (message: Record<string, unknown>) =>
    signTypedData({
      types: permitTypes,
      primaryType: 'Permit',
      domain: { name: 'Test USD', chainId: unreachableChain.chainId },
      message: { owner: account.address, spender, value: '1000', nonce: 0, deadline: 1767225600, ...message },
    })

  it("a value not of its field's type, which viem would sign as what it makes of it (an amount in a list, a nonce of true, a number past 2^53, a missing field), is refused before any approval: a Permit so sent would have lost its warning", async () => {
    for (const message of [
      { value: [(2n ** 256n - 1n).toString()] },
      { nonce: true },
      // Shown as 18446744073709552000, signed as 18446744073709551616.
      { value: 2 ** 64 },
      { deadline: undefined },
      { spender: 42 },
    ]) {
      await expect(permit(message)).rejects.toMatchObject({ code: -32602 })
    }
    await expect(
      signTypedData({ types: mailTypes, primaryType: 'Mail', domain: {}, message: { contents: ['hi'] } }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(shown).toEqual([])
  })

  it('integers as numbers, decimal or hex text, within their type, are shown and signed as given', async () => {
    const signature = await permit({ value: '0xff', nonce: '7', deadline: 1767225600 })
    expect(shown[0]).toContainEqual({ label: 'Allow 0x3333…3333 to spend', value: '255', tone: 'warn' })
    expect(
      await verifyTypedData({
        address: account.address,
        types: permitTypes,
        primaryType: 'Permit',
        domain: { name: 'Test USD', chainId: BigInt(unreachableChain.chainId) },
        message: { owner: account.address, spender, value: 255n, nonce: 7n, deadline: 1767225600n },
        signature,
      }),
    ).toBe(true)
  })
})

describe('a new request while an approval shows (two requests in flight)', () => {
  it('the approval that replaced an aborted one stays on screen, and approving it signs its own message', async () => {
    page.held = true
    const handlers = frame()
    const sign = (message: string) =>
      handlers.RPC_REQUEST({
        method: 'personal_sign',
        params: [message, account.address],
        chainId: unreachableChain.chainId,
        chainNamespace: 'eip155',
      }) as Promise<`0x${string}`>
    const first = sign('first')
    first.catch(() => undefined)
    await vi.waitFor(() => expect(page.showing).toBe('first'))
    const second = sign('second')
    // The first ends as the second arrives, before the second's approval is prepared and shown.
    await expect(first).rejects.toMatchObject({ code: 4001 })
    await vi.waitFor(() => expect(page.showing).toBe('second'))
    page.answer?.(true)
    const signature = await second
    expect(await recoverMessageAddress({ message: 'second', signature })).toBe(account.address)
    expect(page.showing).toBe('idle')
  })
})

describe('a request the host aborts while it is being prepared', () => {
  const typedData = { types: mailTypes, primaryType: 'Mail', domain: { name: 'Ether Mail' }, message: mail }

  it.each([
    ['personal_sign', (from: Hex) => [toHex('hi'), from]],
    ['eth_signTypedData_v4', (from: Hex) => [from, typedData]],
  ])('%s is answered as aborted, shows no approval and signs nothing', async (method, paramsOf) => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const signMessage = vi.spyOn(signer, 'signMessage')
    const signTypedData = vi.spyOn(signer, 'signTypedData')
    const handlers = frame(signer)
    const answer = handlers.RPC_REQUEST({
      method,
      params: paramsOf(signer.address),
      chainId: unreachableChain.chainId,
      chainNamespace: 'eip155',
    })
    answer.catch(() => undefined)
    await handlers.RPC_ABORT({})
    await expect(answer).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
    expect(shown).toEqual([])
    expect(page.showing).toBe('idle')
    expect(signMessage).not.toHaveBeenCalled()
    expect(signTypedData).not.toHaveBeenCalled()
  })
})

describe('a transaction from the EOA is signed with the gas and fees its approval shows', () => {
  let chain: ChainFixture
  let anvil: Eip7702Chain
  beforeAll(async () => {
    chain = await startChainFixture()
    anvil = anvilFrameChain(chain, { eip7702: { implementation: chain.fixtures.simple7702Account } })
  }, 60_000)
  afterAll(() => chain?.stop())

  const recipient = privateKeyToAccount(`0x${'31'.repeat(32)}`).address
  const value = parseEther('0.01')

  /** A fresh key with 1 tETH; `signer` is it as the frame holds it, telling `authorized` of each delegation it signs. */
  async function fundedKey() {
    const owner = privateKeyToAccount(generatePrivateKey())
    await chain.testClient.setBalance({ address: owner.address, value: parseEther('1') })
    const authorized: unknown[] = []
    const signer: LocalAccount = {
      ...owner,
      signAuthorization: (authorization) => {
        authorized.push(authorization)
        return owner.signAuthorization(authorization)
      },
    }
    return { owner, signer, authorized }
  }

  /** wallet_sendCalls' params for `count` transfers (one unless told) of `value` to `recipient` from `from`. */
  const transferBatch = (from: Hex, count = 1) => [
    {
      from,
      chainId: numberToHex(anvil.chainId),
      atomicRequired: true,
      calls: Array.from({ length: count }, () => ({ to: recipient, value: numberToHex(value) })),
    },
  ]
  /** That batch's one transaction's data: executeBatch of the account's Simple7702Account code. */
  const executeBatch = encodeFunctionData({
    abi: parseAbi([
      'struct Call { address target; uint256 value; bytes data; }',
      'function executeBatch(Call[] calls)',
    ]),
    functionName: 'executeBatch',
    args: [[{ target: recipient, value, data: '0x' }]],
  })

  const requestThrough = (handlers: ReturnType<typeof frame>, method: string, params: unknown[]) =>
    handlers.RPC_REQUEST({ method, params, chainId: anvil.chainId, chainNamespace: 'eip155' }) as Promise<
      Hex | { id: Hex }
    >

  /** `sending`'s hash once answered, one block mined after the chain mined none for a second, and another. */
  async function sentWhilePending(sending: Promise<Hex | { id: Hex }>) {
    // A frame that does not wait signs and sends within that second, before the first block.
    await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, 1_000))])
    await chain.testClient.mine({ blocks: 1 })
    const result = await sending
    await chain.testClient.mine({ blocks: 1 })
    return typeof result === 'string' ? result : result.id
  }

  /** `method` sent through `handlers` and approved at once, while the chain mines no block for a second. */
  const requestedWhilePending = (handlers: ReturnType<typeof frame>, method: string, params: unknown[]) =>
    sentWhilePending(requestThrough(handlers, method, params))

  /** The answer of the next approval shown while `page.held`, once it shows. */
  async function nextApproval() {
    const answer = await vi.waitFor(() => page.answer ?? Promise.reject(new Error('no approval shown yet')), {
      timeout: 30_000,
      interval: 50,
    })
    page.answer = undefined
    return answer
  }

  /** Runs `test` on a chain that mines only when told (`evm_setAutomine false`), then mines as before. */
  async function withoutAutomine(test: () => Promise<void>) {
    await chain.testClient.setAutomine(false)
    try {
      await test()
    } finally {
      await chain.testClient.setAutomine(true)
    }
  }

  /**
   * `method` sent through `signer`'s frame and approved only once the base fee rose (`whileOpen` runs
   * before that): the rows shown, the transaction sent as the chain holds it and its receipt.
   */
  async function approvedAfterFeesRise(
    signer: LocalAccount,
    method: string,
    params: unknown[],
    whileOpen = () => {},
  ) {
    shown.length = 0
    page.held = true
    page.answer = undefined
    const sending = frame(signer, [anvil]).RPC_REQUEST({
      method,
      params,
      chainId: anvil.chainId,
      chainNamespace: 'eip155',
    }) as Promise<Hex | { id: Hex }>
    const answer = await nextApproval()
    await feesRise(chain)
    whileOpen()
    answer(true)
    const result = await sending
    const hash = typeof result === 'string' ? result : result.id
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash })
    // eth_getTransactionByHash: the gas limit and fees the transaction was signed with.
    const sent = await chain.publicClient.getTransaction({ hash })
    return { rows: shown[0], sent, receipt, fee: sent.gas * (sent.maxFeePerGas ?? 0n) }
  }

  it("eth_sendTransaction's approval shows as network fee the gas limit the transaction is signed with at its maxFeePerGas, and as total the value and that fee, though the base fee rose while it was open", async () => {
    const { signer } = await fundedKey()
    const { rows, sent, receipt, fee } = await approvedAfterFeesRise(signer, 'eth_sendTransaction', [
      { from: signer.address, to: recipient, value: numberToHex(value) },
    ])
    expect(receipt.status).toBe('success')
    expect(sent.type).toBe('eip1559')
    expect(rowValue(rows, 'Network fee')).toBe(`${formatEther(fee)} tETH`)
    expect(rowValue(rows, 'Total')).toBe(`${formatEther(value + fee)} tETH`)
  })

  it("a transaction that would fail still shows why on its approval, and approving it answers the chain's refusal with nothing signed", async () => {
    const { signer } = await fundedKey()
    shown.length = 0
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })
    await expect(
      frame(signer, [anvil]).RPC_REQUEST({
        method: 'eth_sendTransaction',
        params: [{ from: signer.address, to: chain.fixtures.testUsd, data: tooMuch }],
        chainId: anvil.chainId,
        chainNamespace: 'eip155',
      }),
    ).rejects.toMatchObject({ name: 'FrameFailure' })
    // TestUsd's InsufficientBalance(uint256,uint256)
    expect(rowValue(shown[0], 'This transaction would fail')).toBe('custom error 0xcf479181')
    expect(rowValue(shown[0], 'Network fee')).toBeUndefined()
    expect(await chain.publicClient.getTransactionCount({ address: signer.address })).toBe(0)
  })

  it('an account that can pay a transfer at the current price but not at its maxFeePerGas is told on the approval that it cannot pay, naming both amounts, and approving it signs nothing', async () => {
    const { signer } = await fundedKey()
    const { baseFeePerGas } = await chain.publicClient.getBlock()
    const base = baseFeePerGas ?? 0n
    const tip = await chain.publicClient.estimateMaxPriorityFeePerGas()
    const atCurrentPrice = value + 21_000n * (base + tip)
    const atMost = value + 21_000n * (2n * base + tip)
    const held = (atCurrentPrice + atMost) / 2n
    await chain.testClient.setBalance({ address: signer.address, value: held })
    shown.length = 0
    await expect(
      frame(signer, [anvil]).RPC_REQUEST({
        method: 'eth_sendTransaction',
        params: [{ from: signer.address, to: recipient, value: numberToHex(value) }],
        chainId: anvil.chainId,
        chainNamespace: 'eip155',
      }),
    ).rejects.toMatchObject({ name: 'FrameFailure' })
    expect(rowValue(shown[0], 'This transaction would fail')).toBe(
      `The account holds ${formatEther(held)} tETH; this transaction may cost up to ${formatEther(atMost)} tETH`,
    )
    expect(rowValue(shown[0], 'Network fee')).toBeUndefined()
    expect(
      await chain.publicClient.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
    ).toBe(0)
  })

  it('a batch the chain refuses to estimate though each call alone succeeds (together they send more than the account holds) says on its approval which call would fail and why, and approving it signs nothing', async () => {
    const { signer, authorized } = await fundedKey()
    shown.length = 0
    const half = numberToHex(parseEther('0.6'))
    await expect(
      frame(signer, [anvil]).RPC_REQUEST({
        method: 'wallet_sendCalls',
        params: [
          {
            from: signer.address,
            chainId: numberToHex(anvil.chainId),
            atomicRequired: true,
            calls: [
              { to: recipient, value: half },
              { to: recipient, value: half },
            ],
          },
        ],
        chainId: anvil.chainId,
        chainNamespace: 'eip155',
      }),
    ).rejects.toMatchObject({ name: 'FrameFailure' })
    // Simple7702Account's ExecuteError(1, 0x): the second transfer failed in executeBatch, with no data.
    expect(rowValue(shown[0], 'Call 2 would fail')).toBe('execution reverted')
    expect(rowValue(shown[0], 'This transaction would fail')).toBeUndefined()
    expect(rowValue(shown[0], 'Network fee')).toBeUndefined()
    expect(authorized).toEqual([])
    expect(await chain.publicClient.getTransactionCount({ address: signer.address })).toBe(0)
  })

  it("wallet_sendCalls' approval shows as network fee the one transaction's gas limit at its maxFeePerGas, though the base fee rose while it was open: the gas the chain asks with the delegation signed, which is signed only once approved; and so for the next batch, delegated", async () => {
    const { owner, signer, authorized } = await fundedKey()
    const batch = transferBatch(signer.address)
    // The gas the chain asks for the batch's executeBatch self-call carrying the delegation it signs.
    const asked = await chain.publicClient.estimateGas({
      account: owner.address,
      to: owner.address,
      data: executeBatch,
      authorizationList: [
        await owner.signAuthorization({
          address: chain.fixtures.simple7702Account,
          chainId: anvil.chainId,
          nonce: 1,
        }),
      ],
    })

    const delegating = await approvedAfterFeesRise(signer, 'wallet_sendCalls', batch, () =>
      expect(authorized).toEqual([]),
    )
    expect(delegating.receipt.status).toBe('success')
    expect(delegating.sent.type).toBe('eip7702')
    expect(delegating.sent.gas).toBe(asked)
    expect(delegating.receipt.gasUsed).toBeLessThanOrEqual(delegating.sent.gas)
    expect(authorized).toHaveLength(1)
    expect(await chain.publicClient.getCode({ address: signer.address })).toBe(
      concat(['0xef0100', chain.fixtures.simple7702Account]).toLowerCase(),
    )
    expect(rowValue(delegating.rows, 'Network fee')).toBe(`${formatEther(delegating.fee)} tETH`)
    expect(rowValue(delegating.rows, 'Total')).toBe(`${formatEther(value + delegating.fee)} tETH`)

    const delegated = await approvedAfterFeesRise(signer, 'wallet_sendCalls', batch)
    expect(delegated.receipt.status).toBe('success')
    expect(delegated.sent.type).toBe('eip1559')
    expect(authorized).toHaveLength(1)
    expect(rowValue(delegated.rows, 'Network fee')).toBe(`${formatEther(delegated.fee)} tETH`)
    expect(rowValue(delegated.rows, 'Total')).toBe(`${formatEther(value + delegated.fee)} tETH`)
  })

  it("a transaction requested while the frame's delegating batch is pending waits for that batch to be mined, then is signed at the nonce after its authorization's and mined after it", async () => {
    const { signer, authorized } = await fundedKey()
    const handlers = frame(signer, [anvil])
    await withoutAutomine(async () => {
      const delegating = await requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      const hash = await requestedWhilePending(handlers, 'eth_sendTransaction', [
        { from: signer.address, to: recipient, value: numberToHex(value) },
      ])
      const first = await chain.publicClient.getTransactionReceipt({
        hash: typeof delegating === 'string' ? delegating : delegating.id,
      })
      const second = await chain.publicClient.getTransactionReceipt({ hash })
      expect(authorized).toMatchObject([{ nonce: 1 }])
      expect((await chain.publicClient.getTransaction({ hash })).nonce).toBe(2)
      expect(second.status).toBe('success')
      expect(second.blockNumber).toBeGreaterThan(first.blockNumber)
    })
  })

  it("a second batch requested while the frame's delegating batch is pending waits for it to be mined, then carries no authorization, and its approval shows the delegated account's gas with no delegation's", async () => {
    const { owner, signer, authorized } = await fundedKey()
    const handlers = frame(signer, [anvil])
    await withoutAutomine(async () => {
      const delegating = await requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      shown.length = 0
      const hash = await requestedWhilePending(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      expect(rowValue(shown[0], 'Account')).toBeUndefined()
      expect(authorized).toHaveLength(1)
      const first = await chain.publicClient.getTransactionReceipt({
        hash: typeof delegating === 'string' ? delegating : delegating.id,
      })
      const sent = await chain.publicClient.getTransaction({ hash })
      // The gas the chain asks of the delegated account's executeBatch once the first batch was mined.
      const asked = await chain.publicClient.estimateGas({
        account: owner.address,
        to: owner.address,
        data: executeBatch,
        blockNumber: first.blockNumber,
      })
      expect(sent.type).toBe('eip1559')
      expect(sent.gas).toBe(asked)
      expect(rowValue(shown[0], 'Network fee')).toBe(
        `${formatEther(sent.gas * (sent.maxFeePerGas ?? 0n))} tETH`,
      )
    })
  })

  it('a batch prepared while the delegating batch before it was not sent yet, and approved once it was, waits for it to be mined, then is signed without an authorization, at the nonce after its authorization’s, for no more than its approval showed', async () => {
    const { signer, authorized } = await fundedKey()
    const handlers = frame(signer, [anvil])
    page.held = true
    await withoutAutomine(async () => {
      const delegating = requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      ;(await nextApproval())(true)
      // Requested as the first is being sent: prepared as the account stood, not delegated.
      const second = requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      const answer = await nextApproval()
      expect(rowValue(shown[1], 'Account')).toBe('becomes a smart account (EIP-7702) with this transaction')
      await delegating
      answer(true)
      const hash = await sentWhilePending(second)
      expect(authorized).toHaveLength(1)
      const sent = await chain.publicClient.getTransaction({ hash })
      expect(sent.type).toBe('eip1559')
      expect(sent.nonce).toBe(2)
      expect((await chain.publicClient.getTransactionReceipt({ hash })).status).toBe('success')
      const showed = parseEther(rowValue(shown[1], 'Network fee')?.replace(' tETH', '') ?? '0')
      expect(sent.gas * (sent.maxFeePerGas ?? 0n)).toBeLessThanOrEqual(showed)
    })
  })

  it('such a batch that, prepared again once approved, would cost more than its approval showed (the base fee doubled meanwhile) is shown again, saying the account changed, and is signed only once approved again, as then shown', async () => {
    const { signer, authorized } = await fundedKey()
    const handlers = frame(signer, [anvil])
    await chain.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('50') })
    await chain.testClient.mine({ blocks: 1 })
    page.held = true
    await withoutAutomine(async () => {
      const delegating = requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      ;(await nextApproval())(true)
      // Eight calls: the delegation's gas, which it no longer needs, is too small a part of it to make up
      // for a base fee doubled.
      const second = requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address, 8))
      const first = await nextApproval()
      await delegating
      first(true)
      await vi.waitFor(() => expect(page.showing).toBe('Waiting for your previous transaction'))
      // The delegating batch is mined at twice the base fee it was prepared at: the most its maxFeePerGas allows.
      await chain.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('100') })
      await chain.testClient.mine({ blocks: 1 })
      const again = await nextApproval()
      expect(authorized).toHaveLength(1)
      expect(page.warnings).toEqual([
        'Your account changed since this was first shown: check it again before you approve.',
      ])
      expect(rowValue(shown[2], 'Account')).toBeUndefined()
      again(true)
      const hash = await sentWhilePending(second)
      const sent = await chain.publicClient.getTransaction({ hash })
      expect(authorized).toHaveLength(1)
      expect(sent.type).toBe('eip1559')
      expect(sent.nonce).toBe(2)
      expect(rowValue(shown[2], 'Network fee')).toBe(
        `${formatEther(sent.gas * (sent.maxFeePerGas ?? 0n))} tETH`,
      )
      expect((await chain.publicClient.getTransactionReceipt({ hash })).status).toBe('success')
    })
  })

  it('a transaction prepared while the delegating batch before it was not sent yet, and approved once it was, waits for it to be mined, then is signed at the nonce after its authorization’s', async () => {
    const { signer } = await fundedKey()
    const handlers = frame(signer, [anvil])
    page.held = true
    await withoutAutomine(async () => {
      const delegating = requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      ;(await nextApproval())(true)
      const second = requestThrough(handlers, 'eth_sendTransaction', [
        { from: signer.address, to: recipient, value: numberToHex(value) },
      ])
      const answer = await nextApproval()
      await delegating
      answer(true)
      const hash = await sentWhilePending(second)
      expect((await chain.publicClient.getTransaction({ hash })).nonce).toBe(2)
      expect((await chain.publicClient.getTransactionReceipt({ hash })).status).toBe('success')
    })
  })

  const signMessageThrough = (handlers: ReturnType<typeof frame>, message: string, from: Hex) =>
    handlers.RPC_REQUEST({
      method: 'personal_sign',
      params: [toHex(message), from],
      chainId: anvil.chainId,
      chainNamespace: 'eip155',
    }) as Promise<Hex>

  it.each([
    ['eth_sendTransaction', (from: Hex) => [{ from, to: recipient, value: numberToHex(value) }]],
    ['wallet_sendCalls', (from: Hex) => transferBatch(from)],
  ])("%s whose host's abort arrives while its gas, fees and simulation are being prepared is answered as aborted, shows no approval and signs nothing", async (method, paramsOf) => {
    const { signer, authorized } = await fundedKey()
    const signTransaction = vi.spyOn(signer, 'signTransaction')
    const handlers = frame(signer, [anvil])
    shown.length = 0
    const sending = requestThrough(handlers, method, paramsOf(signer.address))
    sending.catch(() => undefined)
    await handlers.RPC_ABORT({})
    await expect(sending).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
    expect(shown).toEqual([])
    expect(page.showing).toBe('idle')
    expect(signTransaction).not.toHaveBeenCalled()
    expect(authorized).toEqual([])
    expect(
      await chain.publicClient.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
    ).toBe(0)
  })

  it("a transaction superseded by a newer request while it is being prepared is answered as aborted and never shows its approval, not even after the newer one's, which stays and signs its own message", async () => {
    const { signer } = await fundedKey()
    const signTransaction = vi.spyOn(signer, 'signTransaction')
    const handlers = frame(signer, [anvil])
    shown.length = 0
    page.held = true
    const older = requestThrough(handlers, 'eth_sendTransaction', [
      { from: signer.address, to: recipient, value: numberToHex(value) },
    ])
    let olderAnswered = false
    older
      .catch(() => undefined)
      .finally(() => {
        olderAnswered = true
      })
    const newer = signMessageThrough(handlers, 'newer', signer.address)
    // Whichever comes first: the older request's answer, or its approval shown after the newer one's.
    await vi.waitFor(() => expect(olderAnswered || shown.length > 1).toBe(true), { timeout: 10_000 })
    expect(shown).toEqual([[{ label: 'Message', value: 'newer' }]])
    await expect(older).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
    expect(page.showing).toBe('newer')
    ;(await nextApproval())(true)
    expect(await recoverMessageAddress({ message: 'newer', signature: await newer })).toBe(signer.address)
    expect(page.showing).toBe('idle')
    expect(signTransaction).not.toHaveBeenCalled()
  })

  it("a request arriving while another's approval shows ends that approval at once: the page no longer offers it while the newer one is being prepared", async () => {
    const { signer } = await fundedKey()
    const handlers = frame(signer, [anvil])
    page.held = true
    const older = signMessageThrough(handlers, 'older', signer.address)
    older.catch(() => undefined)
    await vi.waitFor(() => expect(page.showing).toBe('older'))
    page.answer = undefined
    const newer = requestThrough(handlers, 'eth_sendTransaction', [
      { from: signer.address, to: recipient, value: numberToHex(value) },
    ])
    newer.catch(() => undefined)
    expect(page.showing).toBe('idle')
    await expect(older).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
    ;(await nextApproval())(false)
    await expect(newer).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(page.showing).toBe('idle')
  })

  it("a request waiting for the frame's delegating batch to be mined shows that it waits, and the host's abort ends it as aborted by the user, with nothing signed", async () => {
    const { signer, authorized } = await fundedKey()
    const handlers = frame(signer, [anvil])
    await withoutAutomine(async () => {
      await requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      shown.length = 0
      const waiting = requestThrough(handlers, 'wallet_sendCalls', transferBatch(signer.address))
      waiting.catch(() => undefined)
      await vi.waitFor(() => expect(page.showing).toBe('Waiting for your previous transaction'), {
        timeout: 5_000,
      })
      await handlers.RPC_ABORT({})
      await expect(waiting).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
      expect(page.showing).toBe('idle')
      expect(shown).toEqual([])
      expect(authorized).toHaveLength(1)
      expect(
        await chain.publicClient.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
      ).toBe(1)
      await chain.testClient.mine({ blocks: 1 })
    })
  })
  /** The amount of tETH an approval's row shows. */
  const shownAmount = (rows: readonly Row[] | undefined, label: string) =>
    parseEther(rowValue(rows, label)?.replace(' tETH', '') ?? '0')

  /** The most a sent transaction's fees let it pay as base fee: its maxFeePerGas less its tip. */
  const baseFeeCap = (sent: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint }) =>
    (sent.maxFeePerGas ?? 0n) - (sent.maxPriorityFeePerGas ?? 0n)

  const idOf = (answer: Hex | { id: Hex }) => (typeof answer === 'string' ? answer : answer.id)

  const sendingMethods = [
    ['eth_sendTransaction', (from: Hex) => [{ from, to: recipient, value: numberToHex(value) }]],
    ['wallet_sendCalls', (from: Hex) => transferBatch(from)],
  ] as const

  it.each(
    sendingMethods,
  )('%s approved once its approval was open past the age of its fees, the base fee doubled meanwhile, is shown again with the new fee, saying the network fee changed, and is signed only once approved again, as then shown', async (method, paramsOf) => {
    const { signer } = await fundedKey()
    const signTransaction = vi.spyOn(signer, 'signTransaction')
    await baseFeeBecomes(chain, parseGwei('10'))
    page.held = true
    const sending = requestThrough(frame(signer, [anvil]), method, paramsOf(signer.address))
    const first = await nextApproval()
    clock.ms += PREPARED_FEES_MAX_AGE_MS
    await baseFeeBecomes(chain, parseGwei('20'))
    first(true)
    await vi.waitFor(() => expect(shown).toHaveLength(2), { timeout: 10_000 })
    const again = await nextApproval()
    expect(signTransaction).not.toHaveBeenCalled()
    expect(page.warnings).toEqual([
      'The network fee changed since this was first shown: check it again before you approve.',
    ])
    expect(shownAmount(shown[1], 'Network fee')).toBeGreaterThan(shownAmount(shown[0], 'Network fee'))
    again(true)
    const hash = idOf(await sending)
    const sent = await chain.publicClient.getTransaction({ hash })
    expect(baseFeeCap(sent)).toBe(2n * parseGwei('20'))
    expect(rowValue(shown[1], 'Network fee')).toBe(
      `${formatEther(sent.gas * (sent.maxFeePerGas ?? 0n))} tETH`,
    )
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  it.each(
    sendingMethods,
  )('%s approved once its approval was open past the age of its fees, the base fee lower meanwhile, is signed at once with the fees of then, for less than its approval showed', async (method, paramsOf) => {
    const { signer } = await fundedKey()
    await baseFeeBecomes(chain, parseGwei('10'))
    page.held = true
    const sending = requestThrough(frame(signer, [anvil]), method, paramsOf(signer.address))
    const first = await nextApproval()
    clock.ms += PREPARED_FEES_MAX_AGE_MS
    await baseFeeBecomes(chain, parseGwei('5'))
    first(true)
    const hash = idOf(await sending)
    expect(shown).toHaveLength(1)
    expect(page.warnings).toEqual([])
    const sent = await chain.publicClient.getTransaction({ hash })
    expect(baseFeeCap(sent)).toBe(2n * parseGwei('5'))
    expect(sent.gas * (sent.maxFeePerGas ?? 0n)).toBeLessThan(shownAmount(shown[0], 'Network fee'))
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  it.each(
    sendingMethods,
  )('%s approved just before the age of its fees is signed as prepared, with the fee its approval showed, though the base fee doubled meanwhile', async (method, paramsOf) => {
    const { signer } = await fundedKey()
    await baseFeeBecomes(chain, parseGwei('10'))
    page.held = true
    const sending = requestThrough(frame(signer, [anvil]), method, paramsOf(signer.address))
    const first = await nextApproval()
    clock.ms += PREPARED_FEES_MAX_AGE_MS - 1
    await baseFeeBecomes(chain, parseGwei('20'))
    first(true)
    const hash = idOf(await sending)
    expect(shown).toHaveLength(1)
    const sent = await chain.publicClient.getTransaction({ hash })
    expect(baseFeeCap(sent)).toBe(2n * parseGwei('10'))
    expect(rowValue(shown[0], 'Network fee')).toBe(
      `${formatEther(sent.gas * (sent.maxFeePerGas ?? 0n))} tETH`,
    )
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  it.each(
    sendingMethods,
  )('%s approved once its approval was open past the age of its fees, the chain refusing it by then, is shown again headed by its failure rather than by the fee, and approving that answers the refusal with nothing signed', async (method, paramsOf) => {
    const { signer } = await fundedKey()
    const signTransaction = vi.spyOn(signer, 'signTransaction')
    page.held = true
    const sending = requestThrough(frame(signer, [anvil]), method, paramsOf(signer.address))
    sending.catch(() => undefined)
    const first = await nextApproval()
    clock.ms += PREPARED_FEES_MAX_AGE_MS
    await chain.testClient.setBalance({ address: signer.address, value: 0n })
    first(true)
    const again = await nextApproval()
    expect(page.warnings).toEqual([
      'This would fail now, though it would not when first shown: see why below.',
    ])
    expect(shown[1]?.find((row) => row.label.endsWith('would fail'))).toMatchObject({ tone: 'warn' })
    again(true)
    await expect(sending).rejects.toMatchObject({ name: 'FrameFailure' })
    expect(signTransaction).not.toHaveBeenCalled()
  })

  it.each(
    sendingMethods,
  )('%s whose chain answers its gas estimate with HTTP 502 and no JSON-RPC error fails as the network not answering, with no approval saying it would fail and nothing signed', async (method, paramsOf) => {
    const { signer } = await fundedKey()
    const signTransaction = vi.spyOn(signer, 'signTransaction')
    const gateway = await failingGateway(chain.rpcUrl, 'eth_estimateGas')
    try {
      const behind = { ...anvil, rpcUrl: gateway.url }
      await expect(
        frame(signer, [behind]).RPC_REQUEST({
          method,
          params: [...paramsOf(signer.address)],
          chainId: anvil.chainId,
          chainNamespace: 'eip155',
        }),
      ).rejects.toMatchObject({
        name: 'ChainUnreachable',
        message: 'Anvil cannot be reached (it answered 502): try again in a moment',
      })
      expect(shown).toEqual([])
      expect(signTransaction).not.toHaveBeenCalled()
    } finally {
      await gateway.close()
    }
  })
})

describe('a transaction on a chain whose RPC refuses the connection', () => {
  it('fails as the network not answering, with no approval', async () => {
    await expect(
      frame().RPC_REQUEST({
        method: 'eth_sendTransaction',
        params: [{ from: account.address, to: account.address, value: '0x1' }],
        chainId: unreachableChain.chainId,
        chainNamespace: 'eip155',
      }),
    ).rejects.toMatchObject({
      name: 'ChainUnreachable',
      message: 'Elsewhere cannot be reached: try again in a moment',
    })
    expect(shown).toEqual([])
  })
})
