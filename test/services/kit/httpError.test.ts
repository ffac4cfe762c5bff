import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../services/api/index.js'
import { AuthError } from '../../../services/auth/errors.js'
import { codeOf, HttpError, httpErrorCodes } from '../../../services/kit/index.js'

describe('one HttpError with one code list', () => {
  it('names a 400 INVALID_REQUEST and a 500 SERVER_ERROR, as the api and auth always answered', () => {
    expect([codeOf(400), codeOf(500)]).toEqual(['INVALID_REQUEST', 'SERVER_ERROR'])
    expect([codeOf(421), codeOf(429), codeOf(503)]).toEqual([
      'MISDIRECTED_REQUEST',
      'RATE_LIMITED',
      'UNAVAILABLE',
    ])
    // A status without its own code takes its class's.
    expect([codeOf(418), codeOf(502)]).toEqual(['INVALID_REQUEST', 'SERVER_ERROR'])
    expect(new Set(Object.values(httpErrorCodes)).size).toBe(Object.keys(httpErrorCodes).length)
  })

  it("answers `{ code, message }`, and the api's and auth's errors are HttpErrors with their own codes", () => {
    expect(new HttpError(404, 'Not Found').toJSON()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' })
    const api = new ApiError(401, 'INVALID_KEY', 'Unauthorized: invalid key', { 'x-a': '1' })
    expect(api).toBeInstanceOf(HttpError)
    expect([api.status, api.headers, api.toJSON()]).toEqual([
      401,
      { 'x-a': '1' },
      { code: 'INVALID_KEY', message: 'Unauthorized: invalid key' },
    ])
    const auth = new AuthError(429, 'RATE_LIMITED', 'Please try again after 3 seconds', { retryAfter: 3 })
    expect(auth).toBeInstanceOf(HttpError)
    expect([auth.headers, auth.toJSON()]).toEqual([
      { 'retry-after': '3' },
      { code: 'RATE_LIMITED', message: 'Please try again after 3 seconds', retryAfter: 3 },
    ])
  })
})
