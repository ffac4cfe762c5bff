import * as nodeCrypto from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { codeDigest, codeMatches, newCode } from '../../../services/auth/secrets.js'

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>()
  return { ...actual, randomInt: vi.fn(actual.randomInt) }
})

describe('one-time codes', () => {
  it('EMAIL-05 a code is 6 digits drawn by crypto.randomInt(0, 1e6), zero-padded', () => {
    const randomInt = vi.mocked(nodeCrypto.randomInt)
    randomInt.mockClear()
    const codes = Array.from({ length: 200 }, newCode)
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/)
    expect(randomInt).toHaveBeenCalledTimes(200)
    for (const call of randomInt.mock.calls) expect(call).toEqual([0, 1_000_000])
    randomInt.mockReturnValueOnce(42 as never)
    expect(newCode()).toBe('000042')
    expect(new Set(codes).size).toBeGreaterThan(190)
  })

  it('is kept as an HMAC under the pepper, bound to its attempt, compared in constant time', () => {
    const pepper = new Uint8Array(32).fill(7)
    const digest = codeDigest(pepper, 'attempt-a', '123456')
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
    expect(digest).not.toContain('123456')
    expect(codeMatches(pepper, 'attempt-a', '123456', digest)).toBe(true)
    expect(codeMatches(pepper, 'attempt-b', '123456', digest)).toBe(false)
    expect(codeMatches(pepper, 'attempt-a', '123457', digest)).toBe(false)
    expect(codeMatches(new Uint8Array(32), 'attempt-a', '123456', digest)).toBe(false)
  })
})
