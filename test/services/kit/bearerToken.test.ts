import { describe, expect, it } from 'vitest'
import { bearerToken, carriesBearer, secretDigest } from '../../../services/kit/index.js'

describe('the token of an Authorization: Bearer header', () => {
  it('reads the scheme in any case, after one space or several, as RFC 9110 allows', () => {
    for (const header of ['Bearer abc.DEF-1', 'bearer abc.DEF-1', 'BEARER   abc.DEF-1'])
      expect(bearerToken(header), header).toBe('abc.DEF-1')
  })

  it('reads nothing from another scheme, an empty token, a token with a space in it or no header', () => {
    for (const header of [
      undefined,
      '',
      'Basic abc',
      'Bearer',
      'Bearer ',
      'Bearer a b',
      ' Bearer abc',
      'Bearerabc',
    ])
      expect(bearerToken(header), String(header)).toBeUndefined()
  })

  it('carries a secret only when the token is exactly it', () => {
    const expected = secretDigest('a-long-secret-0123')
    expect(carriesBearer('bearer a-long-secret-0123', expected)).toBe(true)
    for (const header of [
      undefined,
      'Bearer a-long-secret-012',
      'Bearer a-long-secret-01234',
      'Basic a-long-secret-0123',
    ])
      expect(carriesBearer(header, expected), String(header)).toBe(false)
  })
})
