import { describe, expect, it } from 'vitest'
import { formPageHeaders, pageHeaders } from '../../../services/kit/index.js'

describe('page headers', () => {
  it('serve a page under the CSP given, never cached, its URL sent nowhere, its type not sniffed', () => {
    expect(pageHeaders("default-src 'none'")).toEqual({
      'content-security-policy': "default-src 'none'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    })
  })

  it('of a form page are the same headers under a CSP that lets only its inline style load and its form post home', () => {
    expect(formPageHeaders).toEqual(
      pageHeaders(
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      ),
    )
  })
})
