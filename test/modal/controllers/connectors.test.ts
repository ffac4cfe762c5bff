import { describe, expect, it } from 'vitest'
import { acceptedConnectors } from '../../../modal/controllers/connectors.js'
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
})
