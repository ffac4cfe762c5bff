import { describe, expect, it } from 'vitest'
import {
  checkRequestTarget,
  HttpError,
  MAX_TARGET_LENGTH,
  requestTarget,
} from '../../../services/kit/index.js'

const refusal = (url: string) => {
  try {
    checkRequestTarget({ url })
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    return (error as HttpError).status
  }
  return undefined
}

describe('request targets', () => {
  it('passes origin-form targets through, and parses them on the server’s own host', () => {
    for (const url of ['/', '/v1?chainId=eip155:1&projectId=p', '/a/%41?q=%E0%A4%A', '/é'])
      expect(checkRequestTarget({ url })).toBe(url)
    const parsed = requestTarget({ url: '/v1/x?a=1' })
    expect([parsed.host, parsed.pathname, parsed.searchParams.get('a')]).toEqual(['server', '/v1/x', '1'])
  })

  it('refuses targets that would name a host, are not origin-form, or hold controls or spaces, with 400', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example/x',
      'http://evil.example/',
      '*',
      '',
      'x',
      '/a b',
      '/a\tb',
      '/\n/x',
    ])
      expect(refusal(url), JSON.stringify(url)).toBe(400)
  })

  it('refuses a target over MAX_TARGET_LENGTH with 414 before looking at it', () => {
    expect(refusal(`/${'a'.repeat(MAX_TARGET_LENGTH)}`)).toBe(414)
  })

  it('never lets a checked target parse onto another host', () => {
    const alphabet = ['/', '\\', '.', ':', '@', '?', '#', '%', 'a', '[', ']', '\t', ' ', '\u0000', 'é']
    let seed = 7
    const pick = () => {
      seed = (seed * 48271) % 2147483647
      return alphabet[seed % alphabet.length]
    }
    for (let n = 0; n < 20_000; n++) {
      const url = `/${Array.from({ length: 1 + (n % 8) }, pick).join('')}`
      if (refusal(url) === undefined) expect(requestTarget({ url }).host).toBe('server')
    }
  })
})
