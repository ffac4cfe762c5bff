import { describe, expect, it } from 'vitest'
import { operatorNumber, parseOperatorNumber, portNumber } from '../../../services/kit/operatorNumber.js'

const nodes = { what: 'a number of nodes', min: 1, max: 32 }

describe('an operator’s number', () => {
  it('takes decimal digits within the range, its bounds included', () => {
    expect(parseOperatorNumber('1', '--api', nodes)).toBe(1)
    expect(parseOperatorNumber('32', '--api', nodes)).toBe(32)
    expect(parseOperatorNumber('08', '--api', nodes)).toBe(8)
    expect(parseOperatorNumber('65535', '--port', portNumber)).toBe(65535)
  })

  it('refuses anything else, naming where it came from, what is allowed and the value given', () => {
    // Number() read '' as 0, '1e1' as 10, '0x2' as 2, '2.0' as 2 and ' 8' as 8.
    for (const written of ['', '1e1', '0x2', '2.0', ' 8', '8 ', '-1', '+2', '0', '33', 'two', '١'])
      expect(() => parseOperatorNumber(written, '--api', nodes), written).toThrow(
        `--api must be a number of nodes from 1 to 32, got '${written}'`,
      )
  })

  it('refuses digits past the largest safe integer rather than reading them rounded', () => {
    const range = { what: 'a whole number', min: 1, max: Number.MAX_SAFE_INTEGER }
    expect(parseOperatorNumber('9007199254740991', '--limit', range)).toBe(Number.MAX_SAFE_INTEGER)
    expect(() => parseOperatorNumber('9007199254740993', '--limit', range)).toThrow(
      "--limit must be a whole number from 1 to 9007199254740991, got '9007199254740993'",
    )
  })

  it('checks a value inside a zod schema with the same words, for config read as a whole', () => {
    const parsed = operatorNumber(portNumber).safeParse('1e3')
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe("must be a port number from 1 to 65535, got '1e3'")
    expect(operatorNumber(portNumber).parse('8080')).toBe(8080)
  })
})
