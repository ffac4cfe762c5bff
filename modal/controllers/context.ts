import type { SiwxFrameMessage } from '@pairwise/engine/siwx'
import type { ChainAdapter } from '../adapters/types.js'
import type {
  WalletConnectSignIn,
  WalletConnectTransportFactory,
} from '../adapters/walletConnectTransport.js'
import type { Clock, KeyValue } from '../core/ports.js'
import type { EmbeddedWallet } from '../embedded/embeddedWallet.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { AppStore } from '../state/createState.js'
import type { EmbeddedWalletUiLoader } from './embeddedWalletUi.js'
import type { EventBus } from './events.js'
import type { ResolvedOptions } from './options.js'

export type { Clock, KeyValue }

/**
 * The sign-in flow as the modal's views and controllers reach it. It is loaded (and set on the context)
 * only when the app configures sign-in, so nothing here may be imported from it.
 */
export type SignInHooks = {
  /** Whether cancelling disconnects (sign-in required); closing is then disabled on the sign-in view. */
  required(): boolean
  /** Whether the wallet is being asked to sign. */
  signing(): boolean
  /** Calls `listener` whenever `signing()` changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Asks the connected wallet to sign in on the active network; failures are shown, not thrown. */
  sign(): Promise<void>
  cancel(): Promise<void>
  /** WalletConnect one-click auth: the sign-in a WalletConnect connect asks for with the session. */
  walletConnect: WalletConnectSignIn
  /**
   * SIWX-07: signs `address` in on `network` during an embedded-wallet login, the frame signing the message
   * (`sign` answers the signature): the session is added and SIWXSignMessage is never shown for it.
   */
  signInThrough(
    network: CaipNetwork,
    address: string,
    sign: (message: SiwxFrameMessage) => Promise<string>,
  ): Promise<void>
}

/** Everything a controller works on; one per modal instance. */
export type ModalContext = {
  store: AppStore
  options: ResolvedOptions
  adapters: Map<ChainNamespace, ChainAdapter>
  events: EventBus
  clock: Clock
  memory: KeyValue
  isMobile(): boolean
  /** Set once the sign-in flow has loaded, when the app configured sign-in. */
  signIn?: SignInHooks
  /**
   * The embedded wallet (email login in the secure frame), loaded and made on first call; present only when
   * the app plugs one in (`embeddedWallet`) and has a project id, in a browser. It fails when email and
   * socials are both off.
   */
  embedded?: () => Promise<EmbeddedWallet>
  /** The embedded wallet's views and sections, present with `embedded`. */
  embeddedUi?: EmbeddedWalletUiLoader
  /**
   * OPEN-18: whether switching this connection to `network` needs the visitor's confirmation first (the
   * email wallet's chains); set by the embedded wallet when it loads, so the first load carries no list.
   */
  switchNeedsConfirmation?: (connectorId: string, network: CaipNetwork) => boolean
  /** Only in apps with an adapter beyond EVM, which brings it (controllers/multiNamespace.ts). */
  multiNamespace?: MultiNamespace
}

/**
 * What only apps with adapters in several namespaces run (controllers/multiNamespace.ts implements it). An
 * adapter of a namespace beyond EVM carries it as its `multiNamespace`, so an EVM-only app never loads it.
 */
export type MultiNamespace = {
  networkFor(ctx: ModalContext, connectorId: string): CaipNetwork | undefined
  afterConnect(ctx: ModalContext, namespace: ChainNamespace, connectorId: string): Promise<void>
  afterDisconnect(ctx: ModalContext, namespace: ChainNamespace, connectorId: string): void
  handOver(ctx: ModalContext): void
  reconnect(ctx: ModalContext): Promise<void>
  followStore(ctx: ModalContext): () => void
  shareTransport(
    factory: WalletConnectTransportFactory | undefined,
  ): WalletConnectTransportFactory | undefined
}
