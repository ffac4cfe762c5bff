import { describe, expect, it, vi } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { evmSendChain } from '../../../modal/send/sendChain.js'
import type { Transfer } from '../../../modal/send/transfer.js'
import { alice, bob, evmNetwork } from '../support/kit.js'

const anvil = evmNetwork(31337, 'http://127.0.0.1:1')
const transfer: Transfer = {
  token: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  to: bob,
  amount: 1n,
}

/** The eip155 adapter with its wallet request recorded: which wallet (connector) was asked to send. */
function recordingAdapter() {
  const adapter = new Eip155Adapter()
  const send = vi.spyOn(adapter, 'sendTransaction').mockResolvedValue('0x01')
  return { adapter, askedConnector: () => send.mock.calls.map(([call]) => call.connectorId) }
}

describe('Send: the chain sends through the wallet it was built for', () => {
  it('asks the connector holding the account, not another wallet holding the same address', async () => {
    const { adapter, askedConnector } = recordingAdapter()
    const injected = evmSendChain(adapter, { connectorId: 'injected', address: alice, network: anvil })
    const walletConnect = evmSendChain(adapter, {
      connectorId: 'walletConnect',
      address: alice,
      network: anvil,
    })
    await walletConnect?.send(transfer)
    await injected?.send(transfer)
    expect(askedConnector()).toEqual(['walletConnect', 'injected'])
  })

  it('is unavailable through an adapter that cannot send (a bare eip155 adapter)', () => {
    const bare = { namespace: 'eip155' } as unknown as Eip155Adapter
    expect(evmSendChain(bare, { connectorId: 'injected', address: alice, network: anvil })).toBeUndefined()
  })
})
