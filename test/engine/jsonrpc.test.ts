import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  classifyPayload,
  formatError,
  formatRequest,
  formatResult,
  isOutOfSync,
  payloadId,
  payloadIdTime,
} from '../../engine/jsonrpc/index.js'

describe('JSON-RPC payloads', () => {
  it('makes ids as the official clients do: milliseconds times 1000 plus three random digits', () => {
    expect(payloadId(1_700_000_000_123, () => 0.4567)).toBe(1_700_000_000_123_456)
    const id = payloadId()
    expect(Number.isSafeInteger(id)).toBe(true)
    expect(String(id)).toHaveLength(16)
    expect(Math.abs(payloadIdTime(id) - Date.now())).toBeLessThan(1000)
  })

  it('orders ids by their time part only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1e12, max: 2e12 }), fc.integer({ min: 1, max: 1e6 }), (time, gap) => {
        const older = payloadId(time, () => 0.999)
        const newer = payloadId(time + gap, () => 0)
        expect(isOutOfSync(newer, older)).toBe(true)
        expect(isOutOfSync(older, newer)).toBe(false)
        expect(
          isOutOfSync(
            older,
            payloadId(time, () => 0),
          ),
        ).toBe(false)
      }),
    )
  })

  it('formats and classifies requests, results and errors', () => {
    const request = formatRequest('wc_sessionPing', {}, 1)
    expect(request).toEqual({ id: 1, jsonrpc: '2.0', method: 'wc_sessionPing', params: {} })
    expect(classifyPayload(request).kind).toBe('request')
    expect(classifyPayload(formatResult(1, true)).kind).toBe('result')
    expect(classifyPayload(formatResult(1, null)).kind).toBe('result')
    expect(classifyPayload(formatError(1, { code: 5000, message: 'User rejected.' })).kind).toBe('error')
    expect(classifyPayload({ id: 1, jsonrpc: '2.0' }).kind).toBe('unknown')
    expect(classifyPayload({ id: '1', jsonrpc: '2.0', result: true }).kind).toBe('unknown')
    expect(classifyPayload('garbage').kind).toBe('unknown')
    expect(classifyPayload(null).kind).toBe('unknown')
    expect(classifyPayload([request]).kind).toBe('unknown')
  })

  it('tries each kind in turn: a malformed request that carries a valid result or error is still that', () => {
    const result = { ...formatResult(1, true), method: '' }
    const error = { ...formatError(1, { code: 5000, message: 'User rejected.' }), method: 7 }
    expect(classifyPayload(result)).toEqual({ kind: 'result', payload: formatResult(1, true) })
    expect(classifyPayload(error)).toEqual({
      kind: 'error',
      payload: formatError(1, { code: 5000, message: 'User rejected.' }),
    })
    expect(classifyPayload({ ...result, error: { code: 'x' } }).kind).toBe('result')
  })

  it('takes an error answer whose error is empty, as the official clients send a refusal they threw, as a refusal', () => {
    expect(classifyPayload({ id: 1, jsonrpc: '2.0', error: {} })).toEqual({
      kind: 'error',
      payload: formatError(1, { code: 0, message: 'The peer refused without saying why' }),
    })
  })

  it("keeps what fits of a wallet's own error object: a numeric code without a message, a message beside a string code", () => {
    const viemLike = { code: 4001, shortMessage: 'User rejected the request.' }
    expect(classifyPayload({ id: 1, jsonrpc: '2.0', error: viemLike })).toMatchObject({
      kind: 'error',
      payload: { error: { code: 4001, message: 'The peer refused without saying why' } },
    })
    const ethersLike = {
      code: 'ACTION_REJECTED',
      message: 'user rejected transaction',
      data: { action: 'sign' },
    }
    expect(classifyPayload({ id: 1, jsonrpc: '2.0', error: ethersLike })).toMatchObject({
      kind: 'error',
      payload: { error: { code: 0, message: 'user rejected transaction', data: undefined } },
    })
  })
})
