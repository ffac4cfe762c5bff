import { describe, expect, it } from 'vitest'
import { publicBase } from '../../../../services/api/http/publicBase.js'

describe('the base of the URLs the api hands browsers', () => {
  it('is the configured public URL without its trailing slash, a path prefix kept', () => {
    expect(publicBase('https://pay.example/api/')).toBe('https://pay.example/api')
    expect(publicBase('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787')
  })

  it("is none without a public URL, so the request's own origin is used", () => {
    expect(publicBase(undefined)).toBeUndefined()
  })

  it('refuses a public URL a browser cannot open as a page', () => {
    expect(() => publicBase('javascript:alert(1)')).toThrow('publicUrl: javascript:alert(1) is not http(s)')
  })
})
