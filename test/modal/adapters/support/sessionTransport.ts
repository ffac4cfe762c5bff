import { describe, expect, it } from 'vitest'
import type {
  CaipNetwork,
  ChainAdapter,
  WalletConnectSession,
  WalletConnectTransport,
} from '../../../../modal/adapter.js'
import { connect } from '../../../../modal/controllers/connection.js'
import type { AppKit, ChainNamespace } from '../../../../modal/index.js'
import { FakeProvider } from '../../support/fakeProvider.js'

/**
 * A WalletConnect transport holding `session` (also restored on reload until it ends), its provider a
 * FakeProvider: `endFromWallet` is the wallet deleting the session, which the provider tells as the
 * engine's does, with `disconnect`.
 */
export function sessionTransport(session: WalletConnectSession) {
  const provider = new FakeProvider({ accounts: session.accounts, chainId: session.chainId })
  let alive = false
  const transport: WalletConnectTransport = {
    provider,
    request: async () => null,
    restore: async () => (alive ? session : undefined),
    connect: async () => {
      alive = true
      return session
    },
    disconnect: async () => {
      alive = false
    },
  }
  return {
    transport,
    /** The listeners the session's end has: one per connection the adapters hold over it. */
    sessionEndListeners: () => provider.listenerCount('disconnect'),
    endFromWallet() {
      alive = false
      provider.emit('disconnect')
    },
  }
}

type SessionEndKit = {
  kit: AppKit
  adapter: ChainAdapter
  network: CaipNetwork
  address: string
} & ReturnType<typeof sessionTransport>

/**
 * What an app with only `namespace`'s adapter (no EVM one, which hears the session's end itself) sees when
 * the wallet ends the WalletConnect session: `make` builds the kit over a `sessionTransport`.
 */
export function describeSessionEnd(
  label: string,
  namespace: ChainNamespace,
  make: () => Promise<SessionEndKit>,
) {
  describe(`${label}: the end of a WalletConnect session`, () => {
    it('the wallet ending the session disconnects the modal and the app provider hears disconnect', async () => {
      const { kit, adapter, address, endFromWallet, sessionEndListeners } = await make()
      await connect(kit.context, { connectorId: 'walletConnect' })
      expect(kit.getAddress()).toBe(address)
      const heard: string[] = []
      const provider = kit.getProvider(namespace) as { on(event: 'disconnect', listener: () => void): void }
      provider.on('disconnect', () => heard.push('disconnect'))
      endFromWallet()
      expect(heard).toEqual(['disconnect'])
      expect(kit.getAddress()).toBeUndefined()
      expect(adapter.getProvider('walletConnect')).toBeUndefined()
      expect(sessionEndListeners()).toBe(0)
      kit.destroy()
    })

    it('keeps one session-end listener per connection across reconnects and none once disconnected', async () => {
      const { kit, adapter, network, sessionEndListeners } = await make()
      await connect(kit.context, { connectorId: 'walletConnect' })
      await adapter.reconnect({ connectorId: 'walletConnect', network })
      await adapter.connect({ connectorId: 'walletConnect', network })
      expect(sessionEndListeners()).toBe(1)
      await kit.disconnect()
      expect(sessionEndListeners()).toBe(0)
      kit.destroy()
    })
  })
}
