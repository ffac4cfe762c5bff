import { type FrameUser, sdkType, sdkVersion } from '@pairwise/engine/frame'
import type { Clock, KeyValue } from '../core/ports.js'
import { type EmbeddedWalletSwitches, embeddedWalletEnabled } from './enabled.js'
import { FrameCache } from './frameCache.js'
import { FrameChannel, type FrameTimeoutReason } from './frameChannel.js'
import { type DappData, type FrameChainId, FrameClient, type ThemeSync } from './frameClient.js'
import {
  createFrameElement,
  type FrameDocument,
  type FrameElement,
  type FrameIframe,
} from './frameElement.js'
import { createFrameProvider, type FrameProvider } from './frameProvider.js'

/** The modal's default z-index (modal/theme/tokens.ts) plus one: the frame sits over the modal's slot. */
const defaultZIndex = 2147483001

export type EmbeddedWalletOptions<Iframe extends FrameIframe = FrameIframe> = EmbeddedWalletSwitches & {
  /** The auth service's base URL (the frame's origin). */
  authUrl: string
  /** The chain the frame starts on (its address carries it, FRAME-03). */
  chainId: FrameChainId
  /** The account's active chain, for each RPC request. */
  activeChainId(): FrameChainId
  rpcUrlFor(chainId: FrameChainId): string | undefined
  enableLogger?: boolean
  /** FRAME-11: whether a session found at start is taken up (true, the default) or signed out. */
  enableReconnect?: boolean
  metadata?: DappData['metadata']
  theme?: ThemeSync
  /** The modal's storage (localStorage in a page): the `@appkit-wallet/` cache lives there. */
  memory: KeyValue
  clock: Clock
  now(): number
  /** The page's `document`: the frame is appended to its body when first needed. */
  document: FrameDocument<Iframe>
  zIndex?: number
  onTimeout(reason: FrameTimeoutReason): void
  onApprovalNeeded(method: string): void
  onApprovalSettled(method: string): void
  onDisallowed(method: string): void
}

export type EmbeddedStart = { status: 'connected'; user: FrameUser } | { status: 'disconnected' }

export type EmbeddedWallet = {
  client: FrameClient
  provider: FrameProvider
  /** Where the modal puts the frame: over a view's slot, or hidden. */
  frame: Pick<FrameElement, 'show' | 'hide' | 'isFrame' | 'origin'>
  /**
   * FRAME-01 and FRAME-11: with no login recorded, nothing is loaded and the result is disconnected. With
   * one, the frame loads; a live session is taken up (its user returned) when reconnect is on, and signed
   * out when it is off or the frame has none.
   */
  start(): Promise<EmbeddedStart>
  /** Takes the frame off the page and fails what is still open. */
  destroy(): void
}

/** VAL-11: `undefined` unless a project id exists and email or at least one social provider is on. */
export function createEmbeddedWallet<Iframe extends FrameIframe>(
  options: EmbeddedWalletOptions<Iframe>,
): EmbeddedWallet | undefined {
  const { projectId } = options
  if (!projectId || !embeddedWalletEnabled(options)) return undefined
  const rpcUrl = options.rpcUrlFor(options.chainId)
  const element = createFrameElement({
    authUrl: options.authUrl,
    projectId,
    chainId: options.chainId,
    ...(rpcUrl === undefined ? {} : { rpcUrl }),
    enableLogger: options.enableLogger === true,
    zIndex: options.zIndex ?? defaultZIndex,
    document: options.document,
  })
  const channel = new FrameChannel({ element, clock: options.clock, onTimeout: options.onTimeout })
  const client = new FrameClient({
    channel,
    cache: new FrameCache(options.memory),
    clock: options.clock,
    now: options.now,
    // ENT-16, CONST-11
    dappData: {
      ...(options.metadata ? { metadata: options.metadata } : {}),
      sdkVersion,
      sdkType,
      projectId,
    },
    ...(options.theme ? { theme: options.theme } : {}),
  })
  const provider = createFrameProvider({
    client,
    clock: options.clock,
    chainId: options.activeChainId,
    rpcUrlFor: options.rpcUrlFor,
    onApprovalNeeded: options.onApprovalNeeded,
    onApprovalSettled: options.onApprovalSettled,
    onDisallowed: options.onDisallowed,
  })

  return {
    client,
    provider,
    frame: element,
    async start() {
      if (!client.cache.loginUsed()) return { status: 'disconnected' }
      client.start()
      if ((await client.isConnected()) && options.enableReconnect !== false) {
        return { status: 'connected', user: await client.getUser({ chainId: options.chainId }) }
      }
      await client.signOut()
      return { status: 'disconnected' }
    },
    destroy() {
      channel.close()
      element.remove()
    },
  }
}
