import { describe, expect, it } from 'vitest'
import {
  ApproveSessionParamsSchema,
  encodeFrame,
  PublishParamsSchema,
  parseFrame,
  RelayErrorCode,
  resultFrame,
  SessionCallPolicies,
} from '../../../relay/protocol/index.js'

const topic = 'ab'.repeat(32)

describe('relay protocol frames', () => {
  it('echoes a 19-digit string id unchanged', () => {
    const outcome = parseFrame('{"id":"1732012345678901234","jsonrpc":"2.0","method":"irn_subscribe"}')
    expect(outcome.ok && outcome.value.frame.id).toBe('1732012345678901234')
    expect(encodeFrame(resultFrame('1732012345678901234', true))).toBe(
      '{"id":"1732012345678901234","jsonrpc":"2.0","result":true}',
    )
  })

  it('keeps the exact digits of a numeric id too large for a double', () => {
    const text = '{"jsonrpc":"2.0","method":"irn_publish","params":{"id":"x"},"id":1687239522123456789}'
    const outcome = parseFrame(text)
    if (!outcome.ok || outcome.value.kind !== 'request') throw new Error('expected a request')
    expect(outcome.value.frame.id).toBe(1687239522123456789n)
    expect(encodeFrame(resultFrame(outcome.value.frame.id, true))).toBe(
      '{"id":1687239522123456789,"jsonrpc":"2.0","result":true}',
    )
  })

  it('keeps small numeric ids as numbers', () => {
    const outcome = parseFrame('{"id":1732012345678123,"jsonrpc":"2.0","result":true}')
    expect(outcome.ok && outcome.value).toEqual({
      kind: 'result',
      frame: { id: 1732012345678123, jsonrpc: '2.0', result: true },
    })
  })

  it('tells parse errors from invalid requests and recovers the id when it can', () => {
    expect(parseFrame('{nope')).toMatchObject({
      ok: false,
      id: null,
      error: { code: RelayErrorCode.parseError },
    })
    expect(parseFrame('[1,2]')).toMatchObject({ ok: false, error: { code: RelayErrorCode.invalidRequest } })
    expect(parseFrame('{"id":"7","jsonrpc":"1.0","method":"x"}')).toMatchObject({
      ok: false,
      id: '7',
      error: { code: RelayErrorCode.invalidRequest },
    })
    expect(parseFrame('{"id":"7","jsonrpc":"2.0"}')).toMatchObject({ ok: false, id: '7' })
  })

  it('classifies error responses', () => {
    const outcome = parseFrame('{"id":3,"jsonrpc":"2.0","error":{"code":-1,"message":"no"}}')
    expect(outcome.ok && outcome.value.kind).toBe('error')
  })

  it('accepts analytics fields merged flat into publish params', () => {
    const parsed = PublishParamsSchema.safeParse({
      topic,
      message: 'AAEC',
      ttl: 900,
      tag: 1108,
      prompt: true,
      correlationId: 1732012345678123,
      rpcMethods: ['personal_sign'],
      chainId: 'eip155:1',
      txHashes: [],
    })
    expect(parsed.success).toBe(true)
  })

  it('does not fail a call over odd values in fields the relay only passes along', () => {
    const parsed = ApproveSessionParamsSchema.safeParse({
      sessionTopic: topic,
      pairingTopic: topic,
      sessionProposalResponse: 'AA',
      sessionSettlementRequest: 'AB',
      ttl: 0,
      attestation: 42,
      correlationId: { nested: true },
      approvedChains: 'eip155:1',
      sessionProperties: null,
    })
    expect(parsed.success && parsed.data).toMatchObject({ attestation: undefined, approvedChains: undefined })
  })

  it('refuses topics that are not 32 bytes of lowercase hex', () => {
    expect(PublishParamsSchema.safeParse({ topic: 'ABC', message: 'x', ttl: 1 }).success).toBe(false)
  })

  it('names the tags the relay assigns to Sign 2.5 envelopes', () => {
    expect(SessionCallPolicies.sessionProposal).toEqual({ tag: 1100, ttl: 300, prompt: true })
    expect(SessionCallPolicies.sessionProposalResponse.tag).toBe(1101)
    expect(SessionCallPolicies.sessionSettlementRequest.tag).toBe(1102)
  })
})
