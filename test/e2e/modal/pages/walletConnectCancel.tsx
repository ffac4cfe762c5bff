import { StrictMode } from 'react'
import { connect, getConnectors } from 'wagmi/actions'
import { engineContextOf } from '../../../../engine/contextOf.js'
import { onExpired } from '../../../../engine/expire.js'
import type { UniversalProvider } from '../../../../engine/index.js'
import { Eip155Adapter } from '../../../../modal/adapters/eip155/eip155Adapter.js'
import { createEngineTransport } from '../../../../modal/adapters/walletConnect/engineTransport.js'
import type { WalletConnectTransport } from '../../../../modal/adapters/walletConnectTransport.js'
import { mapMemory } from '../../../../modal/controllers/memory.js'
import { AppKit } from '../../../../modal/core/appKit.js'
import type { ModalEventName } from '../../../../modal/index.js'
import { defineNetwork } from '../../../../modal/networks/defineNetwork.js'
import { ModalRoot } from '../../../../modal/ui/ModalRoot.js'
import { renderIntoShadow } from '../../../../modal/ui/renderIntoShadow.js'
import { WagmiAdapter } from '../../../../modal/wagmi/index.js'
import { MemoryStorage } from '../../../../storage/index.js'

/**
 * The modal in React StrictMode (as an app in development runs it) over the engine's WalletConnect
 * transport; the relay comes from `?relay=`, and `?wagmi` puts the wagmi adapter under the modal. The test
 * drives the dialog and reads the engine through `window.wc`.
 */
const search = new URLSearchParams(location.search)
const relayUrl = search.get('relay') ?? ''
const anvil = defineNetwork({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})
let transport: WalletConnectTransport | undefined
/** Whether each connect the modal made was cancelled, in order. */
const connects: AbortSignal[] = []

const wagmi = search.has('wagmi')
  ? new WagmiAdapter({ networks: [anvil], enableInjected: false, enableEIP6963: false })
  : undefined
const kit = new AppKit(
  {
    networks: [anvil],
    adapters: [wagmi ?? new Eip155Adapter({ enableInjected: false, enableEIP6963: false })],
  },
  {
    target: window,
    memory: mapMemory(),
    walletConnect: async () => {
      const engine = await createEngineTransport({
        relayUrl,
        networks: [anvil],
        storage: new MemoryStorage(),
      })
      transport = {
        ...engine,
        connect: (params) => {
          if (params.signal) connects.push(params.signal)
          return engine.connect(params)
        },
      }
      return transport
    },
  },
)
const events: ModalEventName[] = []
kit.subscribeEvents((event) => events.push(event.data.event))

const provider = () => transport?.provider as UniversalProvider | undefined
const host = document.createElement('div')
document.body.append(host)
renderIntoShadow(
  host,
  kit,
  <StrictMode>
    <ModalRoot />
  </StrictMode>,
)

const wc = {
  open: () => kit.open(),
  /** AppKit's `open({ uri })`: the QR code of a pairing the app runs itself. */
  openUri: (uri: string) => kit.open({ uri }),
  state: () => ({
    status: kit.store.get().connections.eip155?.status ?? 'disconnected',
    proposals:
      provider()
        ?.client.proposal.getAll()
        .map((p) => p.pairingTopic) ?? [],
    pairings: provider()?.client.pairing.keys ?? [],
    connects: connects.map((signal) => (signal.aborted ? 'cancelled' : 'pending')),
    events,
  }),
  /** wagmi's connect on its WalletConnect connector, as an app's useConnect makes it: how it ended. */
  async wagmiConnect(): Promise<string> {
    const config = wagmi?.wagmiConfig
    const connector = config && getConnectors(config).find((c) => c.id === 'walletConnect')
    if (!connector) throw new Error('the page was loaded without ?wagmi')
    return connect(config, { connector }).then(
      () => 'connected',
      (error: Error) => error.name,
    )
  },
  wagmiStatus: () => wagmi?.wagmiConfig.state.status,
  /** The pairing under way ends as the engine ends one the wallet walked away from. */
  failConnect: () => provider()?.abortPairingAttempt(),
  /** What the engine's expirer does when the open proposal's five minutes are up. */
  async expire(): Promise<void> {
    const client = provider()?.client
    const [open] = client?.proposal.getAll() ?? []
    if (!client || !open) throw new Error('no open proposal')
    await onExpired(engineContextOf(client), { kind: 'id', id: open.id })
  },
}
Object.assign(window, { wc })
