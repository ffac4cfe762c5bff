import type { ChainNamespace } from '../networks/types.js'
import type { AppState } from '../state/types.js'
import type { Route, ViewData, ViewName } from '../state/views.js'
import { activateNamespace, onUnsupportedChain } from './connection.js'
import type { ModalContext } from './context.js'
import { openingRoute } from './openingRoute.js'
import { OptionsError } from './options.js'
import { replace, reset } from './router.js'

/** OPEN-12 */
export const shakeMs = 500

export type OpenRequest<V extends ViewName = ViewName> = {
  view?: V
  data?: ViewData[V]
  namespace?: ChainNamespace
  /**
   * AppKit's: the URI of a WalletConnect pairing the app made itself (its provider's `display_uri`), shown
   * as the QR code; the app pairs, and another open with a fresh URI replaces it.
   */
  uri?: string
}

// What a WalletConnect pairing URI begins with: `wc:` and the pairing topic (then `@2?…`).
const PAIRING_URI = /^wc:[0-9a-f]{64}@2\?/

export function open(ctx: ModalContext, request: OpenRequest = {}): void {
  const { namespace, uri } = request
  if (uri !== undefined) {
    showAppPairing(ctx, uri, namespace)
    return
  }
  if (namespace && namespace !== ctx.store.get().activeChain) switchNamespace(ctx, namespace)
  const state = ctx.store.get()
  const route = openingRoute(
    request.view ? ({ view: request.view, data: request.data } as Route) : undefined,
    {
      connected: Boolean(state.account.address),
      hasAdapters: ctx.options.adapters.length > 0,
      manualWCControl: Boolean(ctx.options.manualWCControl),
      mobile: ctx.isMobile(),
    },
  )
  // As AppKit's, each open sets the filter anew: an open without a namespace lists every wallet again.
  if (state.connectNamespace !== namespace) ctx.store.set({ connectNamespace: namespace })
  reset(ctx, route)
  if (state.open) return
  ctx.store.set({ open: true })
  ctx.events.emit('MODAL_OPEN', { connected: Boolean(state.account.address) })
}

export function close(ctx: ModalContext): void {
  const wasOpen = ctx.store.get().open
  ctx.store.set({ open: false, wcUri: undefined, wcError: undefined })
  reset(ctx, { view: 'Connect' })
  if (wasOpen) ctx.events.emit('MODAL_CLOSE', { connected: Boolean(ctx.store.get().account.address) })
}

/** Makes `namespace` active on its first configured network, without a confirmation view (OPEN-07, OPEN-08). */
export function switchNamespace(ctx: ModalContext, namespace: ChainNamespace): void {
  const network = ctx.store.get().networks.find((n) => n.chainNamespace === namespace)
  if (network) activateNamespace(ctx, namespace, network)
}

export function shake(ctx: ModalContext): void {
  ctx.store.set({ shake: true })
  ctx.clock.setTimeout(() => ctx.store.set({ shake: false }), shakeMs)
}

export function setLoading(ctx: ModalContext, namespace: ChainNamespace, loading: boolean): void {
  ctx.store.set(({ loading: all }) => ({ loading: { ...all, [namespace]: loading } }))
}

/**
 * After a wallet connects from the modal: close it, or show UnsupportedChain when the wallet sits on a chain
 * the app did not configure (OPEN-16). The sign-in view, when it opened on the connect (OPEN-13), stays.
 */
export function closeAfterConnect(ctx: ModalContext): void {
  if (onUnsupportedChain(ctx)) replace(ctx, { view: 'UnsupportedChain' })
  else if (ctx.store.get().router.view !== 'SIWXSignMessage') close(ctx)
}

/**
 * A WalletConnect pairing the app started outside the modal (wagmi's connect) opens the modal on its QR code,
 * and each fresh URI it issues replaces the last there, as for the modal's own.
 */
export function showOutsidePairing(
  ctx: ModalContext,
  pairing: { uri: string; attempt: Promise<unknown>; cancel: () => void },
): void {
  const { uri, attempt, cancel } = pairing
  ctx.store.set({ wcUri: uri })
  if (showsOutsidePairing(ctx.store.get(), cancel)) return
  open(ctx, { view: 'ConnectingWalletConnect', data: { outside: { attempt, cancel } } })
}

/** The QR code of a pairing the app runs itself; while it shows, a fresh URI replaces it in place. */
function showAppPairing(ctx: ModalContext, uri: string, namespace: ChainNamespace | undefined): void {
  if (!PAIRING_URI.test(uri))
    throw new OptionsError('open({ uri }): the uri is no WalletConnect pairing URI (wc:<topic>@2?…)')
  ctx.store.set({ wcUri: uri })
  const { open: shown, router } = ctx.store.get()
  if (shown && router.view === 'ConnectingWalletConnect' && router.data?.byApp) return
  open(ctx, {
    view: 'ConnectingWalletConnect',
    data: { byApp: true },
    ...(namespace === undefined ? {} : { namespace }),
  })
}

/** Once the connection an outside pairing made is recorded, its QR view closes as the modal's own does. */
export function closeAfterOutsidePairing(ctx: ModalContext): void {
  if (showsOutsidePairing(ctx.store.get())) closeAfterConnect(ctx)
}

function showsOutsidePairing({ open, router }: AppState, cancel?: () => void): boolean {
  if (!open || router.view !== 'ConnectingWalletConnect' || !router.data?.outside) return false
  return cancel === undefined || router.data.outside.cancel === cancel
}

/** While a required sign-in is unsigned, the visitor cannot close the sign-in view (only cancel it). */
export function closeDisabled(ctx: ModalContext, state: AppState): boolean {
  return state.router.view === 'SIWXSignMessage' && Boolean(ctx.signIn?.required())
}

/** The visitor's close (button, Escape, backdrop): refused with a shake while closing is disabled. */
export function closeByVisitor(ctx: ModalContext): void {
  if (closeDisabled(ctx, ctx.store.get())) shake(ctx)
  else close(ctx)
}
