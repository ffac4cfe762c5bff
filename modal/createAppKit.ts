import { walletConnectOnlyAdapter } from './adapters/eip155/walletConnectOnly.js'
import type { WalletConnectSignIn, WalletConnectTransportFactory } from './adapters/walletConnectTransport.js'
import { type AnalyticsTarget, analyticsTarget } from './analytics/enabled.js'
import type { ApiClient } from './api/client.js'
import type { AppKitOptions } from './controllers/options.js'
import { afterNextPaint } from './core/afterNextPaint.js'
import { AppKit } from './core/appKit.js'
import { debugReporter } from './core/report.js'
import { defineElements } from './ui/elements.js'
import { provideKit } from './ui/kitLookup.js'
import { loadRegistry } from './wallets/loadRegistry.js'

export type CreateAppKitOptions = AppKitOptions & {
  /** Names this instance for `<appkit-button kit="…">` when a page has several. */
  id?: string
}

/**
 * Creates a modal instance and, in a browser, mounts it: the `<appkit-*>` elements, and (unless embedded)
 * the dialog in an open shadow root at the end of `<body>`, its React code loaded on the way. On the server
 * it returns the headless core.
 */
export function createAppKit(options: CreateAppKitOptions): AppKit {
  const { id, ...appOptions } = options
  const walletConnect = appOptions.relayUrl
    ? engineTransport(
        appOptions,
        appOptions.relayUrl,
        (): WalletConnectSignIn | undefined => kit.context.signIn?.walletConnect,
        () => kit.api,
      )
    : undefined
  const browser = typeof window !== 'undefined' && typeof document !== 'undefined'
  const kit: AppKit = new AppKit(appOptions, {
    ...(browser
      ? {
          target: window,
          document,
          isMobile: () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent),
          fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
        }
      : {}),
    ...(walletConnect ? { walletConnect, walletConnectOnly: walletConnectOnlyAdapter } : {}),
  })
  if (!browser) return kit
  if (appOptions.walletRegistryUrl)
    void loadRegistry(appOptions.walletRegistryUrl, fetch, debugReporter(kit.options.debug)).then((wallets) =>
      kit.store.set({ wallets }),
    )
  defineElements(customElements)
  provideKit(document, kit, id)
  if (!kit.options.enableEmbedded) {
    const host = document.createElement('pairwise-modal')
    document.body.append(host)
    mountDialog(host, kit)
  }
  if (kit.options.apiUrl) afterNextPaint(() => loadRemoteConfig(kit))
  const analytics = analyticsTarget(kit.options)
  if (analytics) void trackAnalytics(kit, analytics, window)
  return kit
}

/**
 * The dialog's React code loads only in a browser, once an instance exists, so `@pairwise/modal` imports no
 * React. A button clicked before it arrives has already opened the instance; the dialog shows it open.
 */
function mountDialog(host: HTMLElement, kit: AppKit): void {
  void import('./ui/mountModal.js').then(({ mountModal }) => mountModal(host, kit))
}

/**
 * The project configuration is read after the page first paints, and its code loaded only then: the
 * button and the wallet list never wait on the api, however slow or absent it is.
 */
function loadRemoteConfig(kit: AppKit): void {
  void import('./controllers/remoteConfig.js').then(({ loadRemoteConfig }) =>
    loadRemoteConfig(kit.context, { api: kit.api, origin: window.location.origin }),
  )
}

/**
 * The analytics code loads only when the host turned analytics on: off, nothing is loaded or sent. Tracking
 * ends with the instance, so a destroyed one leaves no listener on the page and sends nothing more.
 */
export function trackAnalytics(kit: AppKit, target: AnalyticsTarget, win: Window): Promise<void> {
  let live = true
  kit.onDestroy(() => {
    live = false
  })
  return import('./analytics/startAnalytics.js').then(({ trackModalEvents }) => {
    if (live) kit.onDestroy(trackModalEvents(win, target, kit))
  })
}

/** The engine loads only when WalletConnect is first used (or a remembered session is restored). */
function engineTransport(
  options: AppKitOptions,
  relayUrl: string,
  signIn: () => WalletConnectSignIn | undefined,
  /** The instance's api client, read once the engine loads (the instance exists by then). */
  api: () => ApiClient | undefined,
): WalletConnectTransportFactory {
  return () =>
    import('./adapters/walletConnect/engineTransport.js').then(({ createEngineTransport }) =>
      createEngineTransport({
        relayUrl,
        projectId: options.projectId,
        metadata: options.metadata,
        networks: options.networks,
        verifyUrl: options.verifyUrl,
        signIn,
        api: api(),
      }),
    )
}
