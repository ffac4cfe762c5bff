import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from '../../../modal/core/originCheck.js'

describe('origin check', () => {
  it('ERR-14 an origin is allowed when listed exactly, by a wildcard, or on loopback; otherwise refused', () => {
    const allowed = ['https://app.example.com', 'https://*.pairwise.dev', 'http://shop.test:8080/']
    expect(isOriginAllowed('https://app.example.com', allowed)).toBe(true)
    expect(isOriginAllowed('https://APP.example.com:443', allowed)).toBe(true)
    expect(isOriginAllowed('https://a.pairwise.dev', allowed)).toBe(true)
    expect(isOriginAllowed('https://a.b.pairwise.dev', allowed)).toBe(true)
    expect(isOriginAllowed('http://shop.test:8080', allowed)).toBe(true)
    expect(isOriginAllowed('http://localhost:5173', [])).toBe(true)
    expect(isOriginAllowed('http://127.0.0.1:41234', [])).toBe(true)

    expect(isOriginAllowed('https://pairwise.dev', allowed)).toBe(false)
    expect(isOriginAllowed('https://evilpairwise.dev', allowed)).toBe(false)
    expect(isOriginAllowed('https://a.pairwise-dev', allowed)).toBe(false)
    expect(
      isOriginAllowed('https://app-example.com', ['https://app.example.com', 'https://*.example.com']),
    ).toBe(false)
    expect(isOriginAllowed('http://a.pairwise.dev', allowed)).toBe(false)
    expect(isOriginAllowed('https://a.pairwise.dev.evil.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.com.evil.com', allowed)).toBe(false)
    expect(isOriginAllowed('http://app.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('http://shop.test:8081', allowed)).toBe(false)
    expect(isOriginAllowed('not an origin', ['*'])).toBe(false)
    expect(isOriginAllowed('https://other.org', [])).toBe(false)
  })
})
