import { describe, expect, it } from 'vitest'
import { checkoutUrl } from '../../../modal/onramp/checkoutUrl.js'
import { OnrampError } from '../../../modal/onramp/provider.js'

const apiUrl = 'http://localhost:8787'

describe('the URL a checkout pop-up is sent to', () => {
  it.each([
    'https://pay.coinbase.com/buy/select-asset?sessionToken=abc',
    'https://meldcrypto.com/?publicKey=k&walletAddress=0x1',
    'http://localhost:8787/sandbox/checkout/q1.abc.def',
    // Behind a TLS proxy the sandbox names its page with the scheme it was reached by.
    'http://api.example.com/sandbox/checkout/q1',
  ])('opens an https page or a page on the api host: %s', (url) => {
    const api = url.includes('api.example.com') ? 'https://api.example.com' : apiUrl
    expect(checkoutUrl(url, api)).toBe(url)
  })

  it.each([
    'javascript:opener.document.title="owned"',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example/checkout',
    'https://localhost:8787@evil.example/checkout',
    'http://localhost:8787@evil.example/checkout',
    '//evil.example/checkout',
    '',
  ])('refuses what an api answer could run as the host page or send elsewhere: %s', (url) => {
    expect(() => checkoutUrl(url, apiUrl)).toThrow(OnrampError)
  })

  it('takes no http page at all without an api', () => {
    expect(() => checkoutUrl('http://localhost:8787/sandbox/checkout/q1', undefined)).toThrow(OnrampError)
  })
})
