import { showAlert } from '../controllers/alerts.js'
import type { ModalContext } from '../controllers/context.js'
import { close, open } from '../controllers/modal.js'
import { goBack, push } from '../controllers/router.js'
import { authConnectorId } from '../embedded/authConnector.js'
import { createEmbeddedWallet, type EmbeddedWallet, type FrameDocument } from '../embedded/index.js'
import { embeddedWalletChains } from '../embedded/supportedChains.js'
import type { CaipNetwork } from '../networks/types.js'
import { watchSmartAccount } from './smartAccountWatch.js'

const eip155Id = (network: CaipNetwork | undefined) =>
  network?.chainNamespace === 'eip155' ? Number(network.id) : undefined

/**
 * The embedded wallet of one modal instance, wired to its state: alerts for the frame's timeouts and refused
 * methods (ERR-18, ERR-19, ERR-24), ApproveTransaction for unsafe requests (OPEN-14), the theme synced.
 */
export function createModalWallet(ctx: ModalContext, authUrl: string, document: Document): EmbeddedWallet {
  const { options, store } = ctx
  const first = store.get().networks.find((n) => n.chainNamespace === 'eip155')
  const chainId = eip155Id(store.get().activeNetwork) ?? eip155Id(first)
  if (chainId === undefined) throw new Error('The embedded wallet needs an eip155 network')
  /** Where an approval was opened from: closed again after it unless the modal was already open. */
  let openedForApproval = false
  const theme = () => ({
    themeMode: store.get().theme.mode,
    themeVariables: Object.fromEntries(
      Object.entries(store.get().theme.variables).filter(
        (entry): entry is [string, string | number] => entry[1] !== undefined,
      ),
    ),
  })
  const wallet = createEmbeddedWallet({
    projectId: options.projectId,
    features: store.get().features,
    authUrl,
    chainId,
    activeChainId: () => eip155Id(store.get().activeNetwork) ?? chainId,
    rpcUrlFor: (id) =>
      store.get().networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === Number(id))?.rpcUrls
        .default.http[0],
    enableLogger: options.debug === true,
    enableReconnect: options.enableReconnect !== false,
    ...(options.metadata ? { metadata: options.metadata } : {}),
    theme: theme(),
    memory: ctx.memory,
    clock: ctx.clock,
    now: () => Date.now(),
    document: document as unknown as FrameDocument<HTMLIFrameElement>,
    onTimeout: (reason) =>
      showAlert(ctx, 'error', {
        key: reason === 'iframe_load_failed' ? 'alert.embeddedLoadFailed' : 'alert.embeddedTimedOut',
      }),
    onApprovalNeeded: (method) => {
      openedForApproval = !store.get().open
      if (openedForApproval) open(ctx, { view: 'ApproveTransaction', data: { method } })
      else push(ctx, { view: 'ApproveTransaction', data: { method } })
    },
    onApprovalSettled: () => {
      if (store.get().router.view !== 'ApproveTransaction') return
      if (openedForApproval) close(ctx)
      else goBack(ctx)
    },
    onDisallowed: (method) => showAlert(ctx, 'error', { key: 'alert.methodNotAllowed', params: { method } }),
  })
  if (!wallet) throw new Error('Email and social login are off for this app')
  watchSmartAccount(ctx, wallet)
  // OPEN-18: the email wallet's network switches wait for the visitor's yes on SwitchNetwork.
  ctx.switchNeedsConfirmation = (connectorId, network) =>
    connectorId === authConnectorId && embeddedWalletChains.includes(network.caipNetworkId)
  let last = JSON.stringify(theme())
  store.subscribe(() => {
    const next = JSON.stringify(theme())
    if (next === last) return
    last = next
    void wallet.client.syncTheme(theme()).catch(() => undefined)
  })
  return wallet
}
