import { describe, expect, it, vi } from 'vitest'
import { Eip155Adapter } from '../../modal/adapters/eip155/eip155Adapter.js'
import type { ChainAdapter, WalletCall } from '../../modal/adapters/types.js'
import { feeOf } from '../../modal/send/fee.js'
import { evmSendChain } from '../../modal/send/sendChain.js'
import type { Transfer } from '../../modal/send/transfer.js'
import { evmSwapWallet } from '../../modal/swaps/swapWallet.js'
import { alice, bob, evmNetwork } from './support/kit.js'

const anvil = evmNetwork(31337, 'http://127.0.0.1:1')
const transfer: Transfer = {
  token: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  to: bob,
  amount: 1n,
}

/** The eip155 adapter with its wallet requests recorded: which wallet (connector) was asked to send. */
function recordingAdapter() {
  const adapter = new Eip155Adapter()
  const send = vi.spyOn(adapter, 'sendTransaction').mockResolvedValue('0x01')
  return { adapter, askedConnector: () => send.mock.calls.map(([call]) => call.connectorId) }
}

/** An eip155 adapter with no wallet actions, as a bare adapter registers it. */
const bareAdapter = { namespace: 'eip155' } as unknown as Eip155Adapter

/** What each view builds for a wallet call, and how it asks the wallet to send. */
const senders: [
  string,
  (adapter: ChainAdapter, from: WalletCall) => { send(): Promise<unknown> } | undefined,
][] = [
  [
    'Send',
    (adapter, from) => {
      const chain = evmSendChain(adapter, from)
      return chain && { send: () => chain.send(transfer, feeOf(21_000n, { gasPrice: 1n })) }
    },
  ],
  [
    'Swap',
    (adapter, from) => {
      const wallet = evmSwapWallet(adapter, from)
      return wallet && { send: () => wallet.send({ to: bob, data: '0x', value: 0n }) }
    },
  ],
]

describe.each(senders)('%s sends through the wallet it was built for', (_view, build) => {
  it('asks the connector holding the account, not another wallet holding the same address', async () => {
    const { adapter, askedConnector } = recordingAdapter()
    const injected = build(adapter, { connectorId: 'injected', address: alice, network: anvil })
    const walletConnect = build(adapter, { connectorId: 'walletConnect', address: alice, network: anvil })
    await walletConnect?.send()
    await injected?.send()
    expect(askedConnector()).toEqual(['walletConnect', 'injected'])
  })

  it('is unavailable through an adapter that cannot send (a bare eip155 adapter)', () => {
    expect(build(bareAdapter, { connectorId: 'injected', address: alice, network: anvil })).toBeUndefined()
  })
})
