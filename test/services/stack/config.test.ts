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
