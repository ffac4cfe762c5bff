import { describe, expect, it } from 'vitest'
import {
  isPlainJsonRpcBody,
  jsonRpcBodySchema,
  maxBatchCalls,
  maxParamsDepth,
} from '../../../../services/api/rpcProxy/jsonRpc.js'

const call = (members: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_call',
  ...members,
})
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)])

/** Bodies as JSON text, as the proxy reads them: JSON.parse makes `__proto__` an own member, as a client can send it. */
const bodies: string[] = [
  call(),
  call({ params: [] }),
  call({ params: ['0x1', { to: '0x2', data: '0x' }] }),
  call({ params: { commitment: 'finalized' } }),
  call({ id: null }),
  call({ id: 'abc' }),
  call({ id: 'x'.repeat(128) }),
  call({ id: 'x'.repeat(129) }),
  call({ id: 1.5 }),
  call({ id: -0 }),
  call({ id: true }),
  call({ id: {} }),
  call({ id: [] }),
  call({ method: '' }),
  call({ method: 'm'.repeat(128) }),
  call({ method: 'm'.repeat(129) }),
  call({ method: 7 }),
  call({ jsonrpc: '1.0' }),
  call({ jsonrpc: 2 }),
  call({ params: 'nope' }),
  call({ params: null }),
  call({ params: 5 }),
  call({ params: [nested(maxParamsDepth - 1)] }),
  call({ params: [nested(maxParamsDepth)] }),
  call({ params: { constructor: 1 } }),
  call({ params: { constructor: { prototype: { isPrototypeOf: 1 } } } }),
  call({ params: { toString: 1, hasOwnProperty: 2 } }),
  call({ extra: 1 }),
  call({ params: [], extra: 1 }),
  { jsonrpc: '2.0', method: 'eth_call' },
  { id: 1, method: 'eth_call' },
  { jsonrpc: '2.0', id: 1 },
  {},
  [],
  [call()],
  [call(), call({ id: 2, params: [1] })],
  [call(), call({ extra: 1 })],
  [call(), 1],
  [[call()]],
  Array.from({ length: maxBatchCalls }, (_, id) => call({ id })),
  Array.from({ length: maxBatchCalls + 1 }, (_, id) => call({ id })),
  null,
  1,
  'text',
  true,
]
  .map((body) => JSON.stringify(body))
  .concat([
    '{"jsonrpc":"2.0","id":1e999,"method":"eth_call"}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_call","__proto__":{"x":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":{"__proto__":{"x":1}}}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":{"__proto__":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":{"a":{"__proto__":[1]}}}',
    '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"constructor":1}]}',
  ])

describe('isPlainJsonRpcBody', () => {
  it('takes only bodies the schema takes, and each as the schema answers it', () => {
    let taken = 0
    for (const text of bodies) {
      const value: unknown = JSON.parse(text)
      const parsed = jsonRpcBodySchema.safeParse(value)
      if (!isPlainJsonRpcBody(value)) continue
      taken += 1
      expect(parsed.success, text.slice(0, 80)).toBe(true)
      expect(JSON.stringify(value), text.slice(0, 80)).toBe(JSON.stringify(parsed.data))
      expect(value, text.slice(0, 80)).toEqual(parsed.data)
    }
    expect(taken).toBeGreaterThan(10)
  })

  it('leaves to the schema only bodies with members it drops or reads oddly', () => {
    const plain = bodies.filter((text) => jsonRpcBodySchema.safeParse(JSON.parse(text)).success)
    const left = plain.filter((text) => !isPlainJsonRpcBody(JSON.parse(text)))
    expect(left).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":{"constructor":{"prototype":{"isPrototypeOf":1}}}}',
      '{"jsonrpc":"2.0","id":1,"method":"eth_call","extra":1}',
      '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[],"extra":1}',
      '[{"jsonrpc":"2.0","id":1,"method":"eth_call"},{"jsonrpc":"2.0","id":1,"method":"eth_call","extra":1}]',
      '{"jsonrpc":"2.0","id":1,"method":"eth_call","__proto__":{"x":1}}',
      '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":{"__proto__":{"x":1}}}',
      '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":{"__proto__":1}}',
    ])
  })
})
