import { describe, expect, it } from 'vitest'
import { isOriginPattern, originAllowed } from '../../../services/api/projects/index.js'

describe('the origin check', () => {
  it('VAL-09 a wildcard pattern admits subdomains of its host, same scheme, and nothing else', () => {
    const patterns = ['https://*.example.com']
    expect(originAllowed('https://app.example.com', patterns)).toBe(true)
    expect(originAllowed('https://a.b.example.com', patterns)).toBe(true)
    expect(originAllowed('https://example.org', patterns)).toBe(false)
    expect(originAllowed('https://example.com', patterns)).toBe(false)
    expect(originAllowed('https://evilexample.com', patterns)).toBe(false)
    expect(originAllowed('https://app.evilexample.com', patterns)).toBe(false)
    expect(originAllowed('https://example.com.evil.org', patterns)).toBe(false)
    expect(originAllowed('https://app.example.com.evil.org', patterns)).toBe(false)
    expect(originAllowed('http://app.example.com', patterns)).toBe(false)
    expect(originAllowed('https://app.example.com:8443', patterns)).toBe(false)
    expect(originAllowed('https://app.example.com:443', patterns)).toBe(false)
  })

  it('an exact origin admits only itself; the default port is the same origin', () => {
    expect(originAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(originAllowed('https://app.example.com', ['https://app.example.com:443'])).toBe(true)
    expect(originAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:5173'])).toBe(true)
    expect(originAllowed('http://127.0.0.1:5174', ['http://127.0.0.1:5173'])).toBe(false)
    expect(originAllowed('http://127.0.0.1', ['http://127.0.0.1:5173'])).toBe(false)
    expect(originAllowed('https://app.example.com', ['https://APP.example.com'])).toBe(true)
    expect(originAllowed('https://x.app.example.com', ['https://app.example.com'])).toBe(false)
  })

  it('a port wildcard admits any port, including none; a stated port only that one', () => {
    expect(originAllowed('http://localhost:3000', ['http://localhost:*'])).toBe(true)
    expect(originAllowed('http://localhost', ['http://localhost:*'])).toBe(true)
    expect(originAllowed('https://localhost:3000', ['http://localhost:*'])).toBe(false)
    expect(originAllowed('http://localhost.evil.org:3000', ['http://localhost:*'])).toBe(false)
    expect(originAllowed('https://a.example.com:8443', ['https://*.example.com:8443'])).toBe(true)
    expect(originAllowed('https://a.example.com:9443', ['https://*.example.com:8443'])).toBe(false)
    expect(originAllowed('https://a.example.com:9443', ['https://*.example.com:*'])).toBe(true)
  })

  it('VAL-10 localhost and 127.0.0.1 on any port, and the secure mobile page, are admitted when a project names them', () => {
    // New projects no longer start with AppKit's list (issue 31, finding 13): an operator names these.
    const local = [
      'http://localhost:*',
      'https://localhost:*',
      'http://127.0.0.1:*',
      'https://127.0.0.1:*',
      'https://secure-mobile.walletconnect.com',
      'https://secure-mobile.walletconnect.org',
    ]
    for (const origin of [
      'http://localhost:3000',
      'http://localhost:8080',
      'https://localhost:5173',
      'http://127.0.0.1:3000',
      'https://127.0.0.1:8443',
      'https://secure-mobile.walletconnect.com',
      'https://secure-mobile.walletconnect.org',
    ])
      expect(originAllowed(origin, local), origin).toBe(true)
    for (const origin of ['https://example.com', 'http://localhost.evil.org:3000', 'http://127.0.0.2:3000'])
      expect(originAllowed(origin, local), origin).toBe(false)
  })

  it('refuses origins that are not in canonical form, and the null origin', () => {
    const all = ['https://*.example.com', 'http://localhost:*']
    for (const origin of [
      'null',
      '',
      'https://app.example.com/',
      'https://app.example.com/path',
      'https://user@app.example.com',
      'HTTPS://APP.EXAMPLE.COM',
      'app.example.com',
      'http://localhost:3000/x',
    ])
      expect(originAllowed(origin, all), origin).toBe(false)
  })

  it('accepts well-formed patterns only; a malformed one admits nothing', () => {
    for (const pattern of [
      'https://a.com',
      'https://*.a.com',
      'http://localhost:*',
      'http://[::1]:*',
      'chrome-extension://abcdef',
    ])
      expect(isOriginPattern(pattern), pattern).toBe(true)
    for (const pattern of [
      '*',
      'https://*',
      'https://*.com',
      'https://a.*.com',
      'https://*.1.2.3',
      'a.com',
      'https://a.com/',
      'https://a.com:99999',
      'https://a..com',
    ])
      expect(isOriginPattern(pattern), pattern).toBe(false)
    expect(originAllowed('https://a.com', ['https://*', '*'])).toBe(false)
  })
})
