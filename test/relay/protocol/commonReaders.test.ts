import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readCommonFrame } from '../../../relay/protocol/commonFrame.js'
import {
  encodeFrame,
  JsonRpcRequestSchema,
  JsonRpcResultSchema,
  PublishParamsSchema,
  RelayMethod,
  readCommonPublishParams,
  readCommonSubscribeParams,
  receivedMessage,
  receivedMessageText,
  requestFrame,
  resultFrame,
  resultFrameText,
  SubscribeParamsSchema,
  subscriptionFrameText,
} from '../../../relay/protocol/index.js'

const runs = { numRuns: 3000 }
const topic = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })
/** Values that are sometimes right for a field and often wrong in the ways a client gets them wrong. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 53, 1.5, 300),
  fc.string(),
  topic,
  fc.constantFrom('0'.repeat(64), 'A'.repeat(64), `${'a'.repeat(64)}\n`),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
)
/** Drops `undefined` members, as a trip through JSON does. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T
const record = (keys: Record<string, fc.Arbitrary<unknown>>, requiredKeys: string[] = []) =>
  fc.record(keys, { requiredKeys }).map((value) => asJson(value) as Record<string, unknown>)

const publishParams = fc.oneof(
  record(
    {
      topic,
      message: fc.string({ minLength: 1 }),
      ttl: fc.integer({ min: 1, max: 86_400 }),
      tag: fc.integer({ min: 0, max: 2000 }),
      prompt: fc.boolean(),
      attestation: fc.oneof(fc.string(), fc.constant(null)),
      correlationId: fc.oneof(fc.integer(), fc.string()),
      rpcMethods: fc.array(fc.string(), { maxLength: 2 }),
    },
    ['topic', 'message', 'ttl'],
  ),
  record({
    topic: anyValue,
    message: anyValue,
    ttl: anyValue,
    tag: anyValue,
    prompt: anyValue,
    attestation: anyValue,
    correlationId: anyValue,
  }),
  anyValue,
)

describe('hand-checked readers of the common shapes', () => {
  it('read publish params exactly as the schema does, whenever they read them at all', () => {
    let read = 0
    fc.assert(
      fc.property(publishParams, (params) => {
        const common = readCommonPublishParams(params)
        const parsed = PublishParamsSchema.safeParse(params)
        if (common === undefined) return
        read++
        expect(parsed.success).toBe(true)
        expect(common).toStrictEqual(parsed.data)
      }),
      runs,
    )
    // The fast path must actually carry the usual publish, not leave everything to the schema.
    expect(read).toBeGreaterThan(runs.numRuns / 4)
  })

  it('read the publish a client sends without asking the schema', () => {
    const params = { topic: 'ab'.repeat(32), message: 'AAEC', ttl: 300, tag: 1108, prompt: true }
    expect(readCommonPublishParams({ ...params, correlationId: 7, chainId: 'eip155:1' })).toEqual({
      ...params,
      correlationId: 7,
    })
    expect(readCommonPublishParams({ ...params, ttl: 0 })).toBeUndefined()
    expect(readCommonPublishParams({ ...params, attestation: 5 })).toBeUndefined()
  })

  it('read subscribe params exactly as the schema does', () => {
    fc.assert(
      fc.property(
        fc.oneof(record({ topic, id: fc.string() }), record({ topic: anyValue }), anyValue),
        (params) => {
          const common = readCommonSubscribeParams(params)
          if (common === undefined) return
          const parsed = SubscribeParamsSchema.safeParse(params)
          expect(parsed.success).toBe(true)
          expect(common).toStrictEqual(parsed.data)
        },
      ),
      runs,
    )
  })

  it('read requests and results exactly as the frame schemas do, whenever they read them at all', () => {
    const frames = record({
      jsonrpc: fc.oneof(fc.constant('2.0'), anyValue),
      id: fc.oneof(fc.integer(), fc.string(), anyValue),
      method: fc.oneof(fc.constantFrom(RelayMethod.publish, ''), anyValue),
      params: anyValue,
      result: anyValue,
      error: fc.constant({ code: 1, message: 'x' }),
    })
    let read = 0
    fc.assert(
      fc.property(frames, (value) => {
        const common = readCommonFrame(value)
        if (common === undefined) return
        read++
        const schema = common.kind === 'request' ? JsonRpcRequestSchema : JsonRpcResultSchema
        const parsed = schema.safeParse(value)
        expect(parsed.success).toBe(true)
        expect(common.frame).toStrictEqual(parsed.data)
        expect(common.kind).toBe('method' in value ? 'request' : 'result')
        expect('error' in value && !('method' in value)).toBe(false)
      }),
      runs,
    )
    expect(read).toBeGreaterThan(0)
  })
})

describe('frame texts written directly', () => {
  const id = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.bigInt(),
  )

  it('match encodeFrame for results', () => {
    fc.assert(
      fc.property(id, fc.oneof(fc.jsonValue(), fc.constant(undefined)), (frameId, result) => {
        expect(resultFrameText(frameId, result)).toBe(encodeFrame(resultFrame(frameId, result)))
      }),
      runs,
    )
  })

  const data = fc.record(
    {
      topic,
      message: fc.string({ minLength: 1 }),
      publishedAt: fc.nat(),
      tag: fc.nat(),
      attestation: fc.string(),
    },
    { requiredKeys: ['topic', 'message', 'publishedAt', 'tag'] },
  )

  it("match JSON.stringify for a push's data, an empty attestation left out", () => {
    fc.assert(
      fc.property(data, (fields) => {
        expect(receivedMessageText(fields)).toBe(JSON.stringify(receivedMessage(fields)))
        expect('attestation' in receivedMessage(fields)).toBe(Boolean(fields.attestation))
      }),
      runs,
    )
  })

  it('match encodeFrame for subscription pushes', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        fc.string(),
        data,
        (frameId, subscription, received) => {
          expect(subscriptionFrameText(frameId, subscription, JSON.stringify(received))).toBe(
            encodeFrame(
              requestFrame(frameId, RelayMethod.subscription, { id: subscription, data: received }),
            ),
          )
        },
      ),
      runs,
    )
  })
})
