import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  type CallsPreview,
  type ChainRequest,
  callsPreviewSchema,
  previewCalls,
} from '../../../../services/frame/preview/index.js'
import { chainInfo, other, sender, usePreviewChain } from './previewChain.js'

const chain = usePreviewChain()
const { request, withoutSimulation } = chain

type Call = { to: Address; data: Hex; value: bigint }

async function preview(calls: Call[], via: ChainRequest = request) {
  const result = await previewCalls({ request: via, chain: chainInfo, from: sender, calls })
  // The result is what the schema describes.
  expect(callsPreviewSchema.parse(result)).toEqual(result)
  return result
}

function succeeded(result: CallsPreview) {
  if (result.outcome.status !== 'success') throw new Error(`reverted: ${result.outcome.reason.message}`)
  return result.outcome
}

const sendEth = (value: bigint): Call => ({ to: other, data: '0x', value })
const sendUsd = (amount: bigint): Call => ({
  to: chain.fixtures.testUsd,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, amount] }),
  value: 0n,
})

async function usdBalance(): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [sender] })
  const answer = (await request('eth_call', [{ to: chain.fixtures.testUsd, data }, 'latest'])) as Hex
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: answer })
}

/** The account's changes for 0.01 tETH and 5 tUSD sent. */
const bothDecreases = () => [
  { asset: 'native', symbol: 'tETH', decimals: 18, delta: -parseEther('0.01'), text: '\u22120.01 tETH' },
  { asset: chain.fixtures.testUsd, symbol: 'tUSD', decimals: 6, delta: -5_000_000n, text: '\u22125 tUSD' },
]

describe('previewCalls', () => {
  it('a batch of a tETH and a tUSD transfer shows both decreases in one simulated outcome, each call decoded, the fee of both calls and total = values + fee', async () => {
    const result = await preview([sendEth(parseEther('0.01')), sendUsd(5_000_000n)])
    expect(result.calls).toMatchObject([
      { kind: 'nativeTransfer', to: other, value: { text: '0.01 tETH' } },
      { kind: 'erc20Transfer', token: { symbol: 'tUSD' }, to: other, amount: { text: '5 tUSD' } },
    ])
    const outcome = succeeded(result)
    expect(outcome.source).toBe('simulated')
    expect(outcome.changes).toEqual(bothDecreases())
    // The plain transfer's 21,000 gas and the token transfer's own, as the simulation ran them.
    expect(outcome.fee.gas).toBeGreaterThan(42_000n)
    expect(outcome.fee.amount.value).toBe(outcome.fee.gas * outcome.fee.pricePerGas)
    expect(outcome.total.value).toBe(parseEther('0.01') + outcome.fee.amount.value)
  })

  it('the calls run in order in one block: a second send that fits the balance alone but not after the first fails, named as call 2 (index 1) with the token’s error', async () => {
    const most = ((await usdBalance()) * 6n) / 10n
    succeeded(await preview([sendUsd(most)]))
    const result = await preview([sendUsd(most), sendUsd(most)])
    expect(result.calls).toHaveLength(2)
    // InsufficientBalance(uint256,uint256)
    expect(result.outcome).toMatchObject({
      status: 'reverted',
      call: 1,
      reason: { message: 'custom error 0xcf479181', selector: '0xcf479181' },
    })
  })

  it('without eth_simulateV1 the changes are estimated from each decoded call, and a call that fails is named with its reason', async () => {
    const outcome = succeeded(
      await preview([sendEth(parseEther('0.01')), sendUsd(5_000_000n)], withoutSimulation),
    )
    expect(outcome.source).toBe('estimated')
    expect(outcome.changes).toEqual(bothDecreases())
    const failing = await preview(
      [sendEth(parseEther('0.01')), sendUsd((await usdBalance()) + 1n)],
      withoutSimulation,
    )
    expect(failing.outcome).toMatchObject({
      status: 'reverted',
      call: 1,
      reason: { message: 'custom error 0xcf479181' },
    })
  })

  it("a call sending more tETH than the account holds is named with the node's words", async () => {
    const result = await preview([sendUsd(1n), sendEth(parseEther('100000000'))])
    expect(result.outcome).toMatchObject({
      status: 'reverted',
      call: 1,
      reason: { message: expect.stringMatching(/insufficient funds/i) },
    })
  })
})
