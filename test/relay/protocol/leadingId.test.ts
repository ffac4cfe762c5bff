import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leadingId } from '../../../relay/protocol/index.js'

const pad = 'x'.repeat(2048)

describe('the id of a frame too large to parse, read from its first characters', () => {
  it('reads an integer or short string id that comes first or after scalar members', () => {
    expect(leadingId(`{"id":1718000000000000000,"jsonrpc":"2.0","params":{"m":"${pad}"}}`, 128)).toBe(
      1718000000000000000n,
    )
    expect(leadingId(`{"id":42,"params":"${pad}"}`, 128)).toBe(42)
    expect(
      leadingId(` { "jsonrpc" : "2.0" , "n":-1.5e3, "ok":true, "id" : "a\\"b" ,"p":"${pad}"}`, 128),
    ).toBe('a"b')
    expect(leadingId(`{"\\u0069d":-7,"p":"${pad}"}`, 128)).toBe(-7)
  })

  it('gives null when the id comes after an object or array, past the first characters, or is not an id', () => {
    expect(leadingId(`{"params":{"id":1},"id":2,"p":"${pad}"}`, 128)).toBeNull()
    expect(leadingId(`{"list":[1],"id":2}`, 128)).toBeNull()
    expect(leadingId(`{"p":"${pad}","id":2}`, 128)).toBeNull()
    expect(leadingId(`{"id":"${'a'.repeat(129)}","p":1}`, 128)).toBeNull()
    expect(leadingId(`{"id":1.5,"p":1}`, 128)).toBeNull()
    expect(leadingId(`{"id":{"x":1},"p":1}`, 128)).toBeNull()
    expect(leadingId(`{"id":"\\x","p":1}`, 128)).toBeNull()
    expect(leadingId(`["id",1]`, 128)).toBeNull()
    expect(leadingId(`{"id":1${'2'.repeat(600)}}`, 128)).toBeNull()
  })

  it('never reads an id other than the one JSON.parse finds first at the top level', () => {
    const id = fc.oneof(
      fc.integer(),
      fc.bigInt({ min: 2n ** 53n, max: 10n ** 19n }),
      fc.string({ maxLength: 40 }),
    )
    const scalar = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    )
    const value = fc.oneof(scalar, fc.dictionary(fc.string({ maxLength: 5 }), scalar), fc.array(scalar))
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 4 }), id, (before, sent) => {
        const { id: _, ...others } = before
        const idText = typeof sent === 'bigint' ? sent.toString() : JSON.stringify(sent)
        const text = `${JSON.stringify(others).slice(0, -1)}${Object.keys(others).length > 0 ? ',' : ''}"id":${idText},"p":"${pad}"}`
        const read = leadingId(text, 128)
        expect(read === null || read === sent).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})
