import { describe, expect, it } from 'vitest'
import { parsePort, portSetting } from '../../../services/cli/flags.js'

describe('parsePort', () => {
  it('takes a port written in decimal digits; an absent flag is undefined', () => {
    expect(parsePort('8080', '--port')).toBe(8080)
    expect(parsePort('1', '--port')).toBe(1)
    expect(parsePort('65535', '--port')).toBe(65535)
    expect(parsePort(undefined, '--port')).toBeUndefined()
  })

  it('refuses, naming the flag, the ports allowed and the value, what is not a port written in decimal digits', () => {
    // Number() alone read the first four as 8080, 1000, 80 and 80, and '' as 0.
    for (const value of ['0x1f90', '1e3', '80.0', ' 80', '', '0', '65536', '99999', '-1', '8080abc', 'http'])
      expect(() => parsePort(value, '--api-port'), value).toThrow(
        `--api-port must be a port number from 1 to 65535, got '${value}'`,
      )
  })
})

describe('portSetting', () => {
  const flag = { flag: '--port', typed: undefined }

  it('names the flag when the operator typed it, even with the env variable set', () => {
    expect(portSetting('mail', { flag: '--port', typed: '8025' }, { PAIRWISE_MAIL_PORT: '9025' })).toBe(
      '--port',
    )
  })

  it('names the env variable when only that was set', () => {
    expect(portSetting('mail', flag, { PAIRWISE_MAIL_PORT: '9025' })).toBe('PAIRWISE_MAIL_PORT')
  })

  it('names both when the port is the default, either choosing another', () => {
    expect(portSetting('mail', flag, {})).toBe('--port or PAIRWISE_MAIL_PORT')
  })
})
