import type { CaipNetwork } from '../networks/types.js'
import { currentConnection } from './account.js'
import { showAlert } from './alerts.js'
import { activateNamespace, adapterFor, onChainChanged } from './connection.js'
import type { ModalContext } from './context.js'
import { WalletError } from './errors.js'
import { open } from './modal.js'
import { push } from './router.js'

/**
 * Switches to `network`: skipped when already active (CHAIN-01); otherwise the wallet is asked (the adapter
 * adds the chain on 4902/-32603/5000) and state follows; another namespace becomes active with it (CHAIN-06).
 */
export async function switchNetwork(
  ctx: ModalContext,
  network: CaipNetwork,
  { confirmed = false }: { confirmed?: boolean } = {},
): Promise<void> {
  const state = ctx.store.get()
  if (!state.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) {
    // ERR-13: the user sees the spec's 'Network Not Found' alert; the caller still gets the coded error.
    showAlert(ctx, 'error', { key: 'alert.networkNotFound' })
    throw new WalletError('CHAIN_NOT_CONFIGURED')
  }
  if (state.activeNetwork?.caipNetworkId === network.caipNetworkId) return
  const namespace = network.chainNamespace
  const connection = currentConnection(ctx, namespace)
  // OPEN-18: the email wallet switches only after the visitor confirmed it on SwitchNetwork (which calls
  // back here confirmed); the switch itself goes through the frame (CHAIN-07).
  if (!confirmed && connection && ctx.switchNeedsConfirmation?.(connection.connectorId, network)) {
    if (state.open) push(ctx, { view: 'SwitchNetwork', data: { network } })
    else open(ctx, { view: 'SwitchNetwork', data: { network } })
    return
  }
  if (connection) {
    await adapterFor(ctx, namespace).switchNetwork({ connectorId: connection.connectorId, network })
    onChainChanged(ctx, namespace, connection.connectorId, network.id)
  }
  activateNamespace(ctx, namespace, network)
  ctx.events.emit('SWITCH_NETWORK', { network: network.caipNetworkId })
}
