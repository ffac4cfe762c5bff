import { describe, expect, it } from 'vitest'
import { acceptedConnectors, MAX_CONNECTORS_PER_NAMESPACE } from '../../../modal/controllers/connectors.js'
import { connectorTypes } from '../../../modal/state/types.js'
import { FakeSolanaAdapter, solanaConnector } from '../support/fakeSolanaAdapter.js'
import { createKit, solanaMainnet } from '../support/kit.js'

const connector = (type: string) => ({ id: `c-${type}`, type, name: type, chainNamespace: 'eip155' })

describe('connectors (ENT-11)', () => {
  it('ENT-11 a connector type is one of ANNOUNCED, INJECTED, MULTI_CHAIN, EXTERNAL, WALLET_CONNECT, AUTH; any other is rejected', () => {
    const rejected: string[] = []
    const offered = [...connectorTypes.map(connector), connector('BROWSER_EXTENSION'), { id: 'x', name: 'x' }]
    const accepted = acceptedConnectors(offered, (_m, detail) =>
      rejected.push((detail as { reason: string }).reason),
    )
    expect(accepted.map((c) => c.type)).toEqual([...connectorTypes])
    expect(rejected).toEqual([
      'type: Invalid option: expected one of "ANNOUNCED"|"INJECTED"|"MULTI_CHAIN"|"EXTERNAL"|"WALLET_CONNECT"|"AUTH"',
      'type: Invalid option: expected one of "ANNOUNCED"|"INJECTED"|"MULTI_CHAIN"|"EXTERNAL"|"WALLET_CONNECT"|"AUTH"',
    ])
  })

  it('ENT-11 an adapter offering a malformed connector: the modal lists the others and keeps working', () => {
    class SloppyAdapter extends FakeSolanaAdapter {
      override connectors() {
        return [solanaConnector, { ...solanaConnector, id: 'bad', type: 'PLUGIN' } as never]
      }
    }
    const kit = createKit({ options: { networks: [solanaMainnet], adapters: [new SloppyAdapter()] } })
    expect(kit.store.get().connectors.map((c) => c.id)).toEqual([solanaConnector.id])
  })

  it('in a namespace the first connector of an id keeps it and a later one is dropped; another namespace may use the id', () => {
    const reasons: string[] = []
    const accepted = acceptedConnectors(
      [
        { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chainNamespace: 'eip155' },
        { id: 'io.metamask', type: 'ANNOUNCED', name: 'Impostor', chainNamespace: 'eip155' },
        { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chainNamespace: 'eip155' },
        { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chainNamespace: 'solana' },
      ],
      (_m, detail) => reasons.push((detail as { reason: string }).reason),
    )
    expect(accepted.map((c) => [c.name, c.chainNamespace])).toEqual([
      ['MetaMask', 'eip155'],
      ['WalletConnect', 'eip155'],
      ['WalletConnect', 'solana'],
    ])
    expect(reasons).toEqual(['the id io.metamask is taken'])
  })

  it('a connector named with spaces only or with more than 64 characters is dropped', () => {
    const reasons: string[] = []
    const named = (name: string) => ({
      id: `c-${name.length}`,
      type: 'ANNOUNCED',
      name,
      chainNamespace: 'eip155',
    })
    const accepted = acceptedConnectors(
      [named('  '), named('N'.repeat(65)), named('N'.repeat(64))],
      (_m, detail) => reasons.push((detail as { reason: string }).reason),
    )
    expect(accepted.map((c) => c.id)).toEqual(['c-64'])
    expect(reasons).toEqual(['a blank name', 'a name longer than 64 characters'])
  })

  it(`lists at most ${MAX_CONNECTORS_PER_NAMESPACE} connectors in each namespace`, () => {
    const offered = ['eip155', 'solana'].flatMap((chainNamespace) =>
      Array.from({ length: 100 }, (_, i) => ({
        id: `c${i}`,
        type: 'ANNOUNCED',
        name: `C${i}`,
        chainNamespace,
      })),
    )
    const reasons = new Set<string>()
    const accepted = acceptedConnectors(offered, (_m, detail) =>
      reasons.add((detail as { reason: string }).reason),
    )
    expect(accepted.filter((c) => c.chainNamespace === 'eip155')).toHaveLength(MAX_CONNECTORS_PER_NAMESPACE)
    expect(accepted.filter((c) => c.chainNamespace === 'solana')).toHaveLength(MAX_CONNECTORS_PER_NAMESPACE)
    expect(reasons).toEqual(new Set([`more than ${MAX_CONNECTORS_PER_NAMESPACE} wallets`]))
  })
})
