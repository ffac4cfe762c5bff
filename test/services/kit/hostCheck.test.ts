import { describe, expect, it } from 'vitest'
import { allowedHosts, checkHost, HttpError } from '../../../services/kit/index.js'

describe('allowedHosts: the Host check against DNS rebinding', () => {
  const check = allowedHosts(['127.0.0.1', 'mail.example.test', 'proxied.example.test:8443'], 4000)

  it('passes the listen host, localhost and IP literals on the listen port or with no port', () => {
    for (const host of [
      '127.0.0.1:4000',
      'localhost:4000',
      'LOCALHOST',
      '[::1]:4000',
      '[::1]',
      '10.0.0.7:4000',
    ])
      expect(check(host), host).toBe(true)
  })

  it('passes a configured public name with no port, a default port, or its own configured port', () => {
    for (const host of [
      'mail.example.test',
      'mail.example.test:443',
      'Mail.Example.Test.:80',
      'proxied.example.test:8443',
    ])
      expect(check(host), host).toBe(true)
  })

  it('refuses a name it was not given: the rebinding attacker’s own domain', () => {
    for (const host of [
      'attacker.example:4000',
      'attacker.example',
      'localhost.attacker.example:4000',
      '127.0.0.1.nip.io:4000',
    ])
      expect(check(host), host).toBe(false)
  })

  it('refuses a known name on a port it does not listen on', () => {
    for (const host of ['localhost:4001', '127.0.0.1:9', 'proxied.example.test:8444', 'proxied.example.test'])
      expect(check(host), host).toBe(false)
  })

  it('refuses Host values that are not a host', () => {
    for (const host of [
      '',
      ' ',
      '::1',
      '[::1',
      'localhost:',
      'localhost:99999',
      'a b',
      'user@localhost:4000',
      'localhost/x',
    ])
      expect(check(host), JSON.stringify(host)).toBe(false)
  })

  it('passes a request without Host, which no browser sends', () => {
    expect(check(undefined)).toBe(true)
  })

  it('takes bare IPv6 names in its list, and refuses a list entry that is no host', () => {
    expect(allowedHosts(['::1'], 80)('[::1]')).toBe(true)
    expect(() => allowedHosts(['not a host'], 80)).toThrow(/not a host name/)
  })

  it('checkHost refuses a misdirected request with 421', () => {
    expect(() => checkHost({ headers: { host: 'attacker.example' } }, check)).toThrow(HttpError)
    try {
      checkHost({ headers: { host: 'attacker.example' } }, check)
    } catch (error) {
      expect((error as HttpError).status).toBe(421)
      expect((error as HttpError).code).toBe('MISDIRECTED_REQUEST')
    }
    expect(() => checkHost({ headers: { host: 'localhost:4000' } }, check)).not.toThrow()
  })
})
