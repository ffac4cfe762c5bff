import {
  type Address,
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import {
  type ChainRequest,
  previewTransaction,
  type TransactionPreview,
  transactionPreviewSchema,
} from '../../../../services/frame/preview/index.js'
import { testNftAbi } from '../../../../services/index.js'
import { freePort } from '../../../support/ports.js'
import { chainInfo, other, sender, usePreviewChain } from './previewChain.js'

const chain = usePreviewChain()
const { request, withoutSimulation } = chain

async function preview(tx: Record<string, unknown>, options: { from?: Address; via?: ChainRequest } = {}) {
  const result = await previewTransaction({
    request: options.via ?? request,
    chain: chainInfo,
    from: options.from ?? sender,
    tx,
  })
  // The result is what the schema describes.
  expect(transactionPreviewSchema.parse(result)).toEqual(result)
  return result
}

function succeeded(result: TransactionPreview) {
  if (result.outcome.status !== 'success') throw new Error(`reverted: ${result.outcome.reason.message}`)
  return result.outcome
}

function reverted(result: TransactionPreview) {
  if (result.outcome.status !== 'reverted') throw new Error('expected a revert')
  return result.outcome.reason
}

const tusdTransfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

describe('previewTransaction', () => {
  it('sending 0.01 tETH shows −0.01 tETH from the trace, the fee, and total = value + fee', async () => {
    const result = await preview({ to: other, value: toHex(parseEther('0.01')) })
    expect(result.call).toEqual({
      kind: 'nativeTransfer',
      to: other,
      value: { value: parseEther('0.01'), text: '0.01 tETH' },
    })
    const outcome = succeeded(result)
    expect(outcome.source).toBe('simulated')
    expect(outcome.changes).toEqual([
      { asset: 'native', symbol: 'tETH', decimals: 18, delta: -parseEther('0.01'), text: '\u22120.01 tETH' },
    ])
    const gasPrice = BigInt((await request('eth_gasPrice', [])) as Hex)
    expect(outcome.fee.gas).toBe(21_000n)
    expect(outcome.fee.pricePerGas).toBe(gasPrice)
    expect(outcome.fee.amount.value).toBe(21_000n * gasPrice)
    expect(outcome.fee.amount.text).toMatch(/^0\.0000\d+ tETH$/)
    expect(outcome.total.value).toBe(parseEther('0.01') + outcome.fee.amount.value)
  })

  it("the fee uses the transaction's own gas and maxFeePerGas when it names them", async () => {
    const tx = {
      to: other,
      value: toHex(parseEther('0.01')),
      gas: toHex(30_000n),
      maxFeePerGas: toHex(10n ** 9n),
    }
    const { fee, total } = succeeded(await preview(tx))
    expect(fee).toEqual({
      gas: 30_000n,
      pricePerGas: 10n ** 9n,
      amount: { value: 3n * 10n ** 13n, text: '0.00003 tETH' },
    })
    expect(total).toEqual({ value: parseEther('0.01') + 3n * 10n ** 13n, text: '0.01003 tETH' })
  })

  it('an ERC-20 transfer of tUSD decodes with symbol and decimals and shows the token change', async () => {
    const result = await preview({ to: chain.fixtures.testUsd, data: tusdTransfer(other, 5_250_000n) })
    expect(result.call).toMatchObject({
      kind: 'erc20Transfer',
      function: 'transfer',
      token: { address: chain.fixtures.testUsd, symbol: 'tUSD', decimals: 6, known: true },
      owner: sender,
      to: other,
      amount: { value: 5_250_000n, text: '5.25 tUSD' },
    })
    const outcome = succeeded(result)
    expect(outcome.source).toBe('simulated')
    expect(outcome.changes).toEqual([
      {
        asset: chain.fixtures.testUsd,
        symbol: 'tUSD',
        decimals: 6,
        delta: -5_250_000n,
        text: '\u22125.25 tUSD',
      },
    ])
    expect(outcome.total.value).toBe(outcome.fee.amount.value)
  })

  it('without eth_simulateV1 the changes are estimated from the decoded call and marked so', async () => {
    const outcome = succeeded(
      await preview(
        { to: chain.fixtures.testUsd, data: tusdTransfer(other, 5_250_000n), value: toHex(0n) },
        { via: withoutSimulation },
      ),
    )
    expect(outcome.source).toBe('estimated')
    expect(outcome.changes).toEqual([
      {
        asset: chain.fixtures.testUsd,
        symbol: 'tUSD',
        decimals: 6,
        delta: -5_250_000n,
        text: '\u22125.25 tUSD',
      },
    ])
    const native = succeeded(
      await preview({ to: other, value: toHex(parseEther('0.01')) }, { via: withoutSimulation }),
    )
    expect(native.source).toBe('estimated')
    expect(native.changes.map((change) => change.text)).toEqual(['\u22120.01 tETH'])
  })

  it('approve with max uint256 shows unlimited; a bounded approve shows its amount', async () => {
    const approve = (amount: bigint) =>
      preview({
        to: chain.fixtures.testUsd,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, amount] }),
      })
    const unlimited = await approve(maxUint256)
    expect(unlimited.call).toMatchObject({
      kind: 'erc20Approve',
      token: { symbol: 'tUSD', decimals: 6 },
      spender: other,
      unlimited: true,
      amount: { value: maxUint256, text: 'Unlimited tUSD' },
    })
    expect(succeeded(unlimited).changes).toEqual([])
    const bounded = await approve(1_500_000n)
    expect(bounded.call).toMatchObject({ unlimited: false, amount: { value: 1_500_000n, text: '1.5 tUSD' } })
  })

  it('an unknown selector shows the selector and the data length', async () => {
    const data = `0xdeadbeef${'00'.repeat(32)}` as Hex
    const result = await preview({ to: other, data })
    expect(result.call).toEqual({
      kind: 'unknown',
      to: other,
      selector: '0xdeadbeef',
      dataBytes: 36,
      value: { value: 0n, text: '0 tETH' },
    })
  })

  it('a known function outside ERC-20 shows its name and arguments, an ERC-721 approve too', async () => {
    const data = encodeFunctionData({
      abi: testNftAbi,
      functionName: 'setApprovalForAll',
      args: [other, true],
    })
    const result = await preview({ to: chain.fixtures.testNft, data })
    expect(result.call).toMatchObject({
      kind: 'function',
      name: 'setApprovalForAll',
      args: [
        { name: 'operator', type: 'address', value: other },
        { name: 'approved', type: 'bool', value: 'true' },
      ],
    })
    // Same selector as ERC-20's approve, but tPAIR has no decimals(): not shown as a token amount.
    const nftApprove = encodeFunctionData({ abi: testNftAbi, functionName: 'approve', args: [other, 1n] })
    expect((await preview({ to: chain.fixtures.testNft, data: nftApprove })).call).toMatchObject({
      kind: 'function',
      name: 'approve',
      args: [
        { name: 'spender', type: 'address', value: other },
        { name: 'amount', type: 'uint256', value: '1' },
      ],
    })
  })

  it('a reverting call shows its custom error selector instead of changes, traced or not', async () => {
    const tx = { to: chain.fixtures.testUsd, data: tusdTransfer(sender, 1n) }
    for (const via of [request, withoutSimulation]) {
      const reason = reverted(await preview(tx, { from: other, via }))
      // InsufficientBalance(uint256,uint256)
      expect(reason).toMatchObject({ message: 'custom error 0xcf479181', selector: '0xcf479181' })
    }
  })

  it('a reverting deployment shows the Error(string) text, traced or not', async () => {
    const revertData = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
      errorName: 'Error',
      args: ['not today'],
    })
    const length = (revertData.length - 2) / 2
    // Init code: CODECOPY the revert data that follows these 12 bytes into memory, then REVERT with it.
    const prefix = `60${length.toString(16)}600c600039` + `60${length.toString(16)}6000fd`
    const data = `0x${prefix}${revertData.slice(2)}` as Hex
    for (const via of [request, withoutSimulation]) {
      const result = await preview({ data }, { via })
      expect(result.call).toMatchObject({ kind: 'deploy', dataBytes: 12 + length })
      expect(reverted(result)).toMatchObject({ message: 'not today', selector: '0x08c379a0' })
    }
  })
  it("sending more than the balance is reported as failing with the node's words", async () => {
    const reason = reverted(await preview({ to: other, value: toHex(parseEther('1000000')) }))
    expect(reason.message).toMatch(/insufficient funds/i)
  })

  it('a chain that cannot be reached throws instead of reporting a revert', async () => {
    const down = http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 })({})
    const unreachable: ChainRequest = (method, params) => down.request({ method, params } as never)
    await expect(
      preview({ to: other, gas: toHex(21_000n), maxFeePerGas: toHex(1n) }, { via: unreachable }),
    ).rejects.toThrow(/HTTP request failed/)
  })
})
