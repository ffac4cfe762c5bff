import { encodeErrorResult, parseAbi, UnknownRpcError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ChainUnreachable, failedBatchCall, refusalReason } from '../../../../services/frame/preview/index.js'

const abi = parseAbi([
  'error ExecuteError(uint256 index, bytes reason)',
  'error Error(string message)',
  'error Panic(uint256 code)',
  'error InsufficientBalance(uint256 held, uint256 needed)',
])
const executeError = (index: bigint, reason: `0x${string}`) => ({
  message: 'custom error 0x5a154675',
  data: encodeErrorResult({ abi, errorName: 'ExecuteError', args: [index, reason] }),
})

describe("a batch's refusal as the call that fails (BaseAccount's ExecuteError)", () => {
  it("names the failing call, counted from 0, with its own revert decoded as any call's: Error(string)'s text, the panic code, a custom error's selector, or no data", () => {
    const cases = [
      [encodeErrorResult({ abi, errorName: 'Error', args: ['not allowed'] }), 'not allowed'],
      [encodeErrorResult({ abi, errorName: 'Panic', args: [0x11n] }), 'Panic(0x11)'],
      [
        encodeErrorResult({ abi, errorName: 'InsufficientBalance', args: [0n, 1n] }),
        'custom error 0xcf479181',
      ],
      ['0x', 'execution reverted'],
    ] as const
    for (const [reason, message] of cases)
      expect(failedBatchCall(executeError(1n, reason), 3)).toMatchObject({ call: 1, reason: { message } })
  })

  it('reads nothing into a refusal that is not one: a batch of one call (its revert is passed on as it is), an index past the batch, another error, or no data', () => {
    const inner = encodeErrorResult({ abi, errorName: 'Error', args: ['no'] })
    expect(failedBatchCall(executeError(0n, inner), 1)).toBeUndefined()
    expect(failedBatchCall(executeError(2n, inner), 2)).toBeUndefined()
    expect(failedBatchCall({ message: 'no', data: inner }, 2)).toBeUndefined()
    expect(failedBatchCall({ message: 'insufficient funds' }, 2)).toBeUndefined()
  })
})

describe('a refusal is what the chain answered, never its silence', () => {
  it("a chain that gave no answer, even wrapped by viem's client in an error with a code of its own, is no refusal", () => {
    const unreachable = new ChainUnreachable('Anvil cannot be reached: try again in a moment')
    expect(refusalReason(unreachable)).toBeUndefined()
    expect(refusalReason(new UnknownRpcError(unreachable))).toBeUndefined()
  })
})
