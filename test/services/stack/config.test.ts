import { describe, expect, it } from 'vitest'
import { stackConfig, stackPorts } from '../../../services/index.js'

describe('stackConfig ports', () => {
  it('takes every part’s port from its variable, and the defaults are distinct', () => {
    const defaults = stackConfig({})
    expect(defaults.ports).toEqual(
      Object.fromEntries(Object.entries(stackPorts).map(([part, spec]) => [part, spec.default])),
    )
    expect(stackConfig({ PAIRWISE_API_PORT: '9100' }).ports.api).toBe(9100)
  })

  it('refuses two parts on one port, naming both variables', () => {
    expect(() => stackConfig({ PAIRWISE_RELAY_PORT: '9100', PAIRWISE_API_PORT: '9100' })).toThrow(
      'Invalid PAIRWISE_API_PORT: the api part would listen on port 9100, which PAIRWISE_RELAY_PORT already gives the relay part',
    )
    expect(() => stackConfig({}, { ports: { chain: 9200, demo: 9200 } })).toThrow(
      /^Invalid PAIRWISE_DEMO_PORT: .* PAIRWISE_CHAIN_PORT already gives the chain part$/,
    )
  })

  it('lets a command running some parts give one of them another part’s default, still refusing two of its own on one port', () => {
    const api = stackPorts.api.default
    expect(stackConfig({}, { ports: { mail: api }, parts: ['smtp', 'mail'] }).ports.mail).toBe(api)
    expect(() => stackConfig({}, { ports: { mail: api } })).toThrow(
      `Invalid PAIRWISE_MAIL_PORT: the mail part would listen on port ${api}, which PAIRWISE_API_PORT already gives the api part`,
    )
    expect(() =>
      stackConfig({ PAIRWISE_SMTP_PORT: '9600' }, { ports: { mail: 9600 }, parts: ['smtp', 'mail'] }),
    ).toThrow(
      'Invalid PAIRWISE_MAIL_PORT: the mail part would listen on port 9600, which PAIRWISE_SMTP_PORT already gives the smtp part',
    )
  })

  it('refuses a port variable not written in decimal digits, which coercion would have read as another port', () => {
    for (const written of ['0x1f90', '1e3', '80.0', ' 80', '', '0', '-1', '99999'])
      expect(() => stackConfig({ PAIRWISE_API_PORT: written }), written).toThrow(
        `Invalid PAIRWISE_API_PORT: must be a port number from 1 to 65535, got '${written}'`,
      )
  })

  it('counts a Solana chain’s PubSub port (its port + 1) as taken too', () => {
    expect(() => stackConfig({ PAIRWISE_SOLANA_PORT: '9300', PAIRWISE_SOLANA_DEVNET_PORT: '9301' })).toThrow(
      'Invalid PAIRWISE_SOLANA_DEVNET_PORT: the solanaDevnet part would listen on port 9301, which PAIRWISE_SOLANA_PORT already gives the solana part',
    )
    expect(() => stackConfig({ PAIRWISE_SOLANA_PORT: '9400', PAIRWISE_DEMO_PORT: '9401' })).toThrow(
      'Invalid PAIRWISE_DEMO_PORT: the demo part would listen on port 9401, which PAIRWISE_SOLANA_PORT already gives the solana part',
    )
    expect(
      stackConfig({ PAIRWISE_SOLANA_PORT: '9500', PAIRWISE_SOLANA_DEVNET_PORT: '9502' }).ports,
    ).toMatchObject({
      solana: 9500,
      solanaDevnet: 9502,
    })
  })

  it('refuses a two-port part on the last port, whose next port does not exist', () => {
    expect(() => stackConfig({ PAIRWISE_SOLANA_PORT: '65535' })).toThrow(
      'Invalid PAIRWISE_SOLANA_PORT: the solana part would listen on port 65536, past 65535',
    )
  })
})
