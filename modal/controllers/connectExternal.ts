import { connect } from './connection.js'
import type { ModalContext } from './context.js'
import { closeAfterConnect } from './modal.js'
import { push } from './router.js'

/** Connects the injected or announced wallet `connectorId`, then closes the modal or shows what comes next. */
export async function connectAndClose(ctx: ModalContext, connectorId: string): Promise<void> {
  await connect(ctx, { connectorId })
  closeAfterConnect(ctx)
}

/**
 * The visitor picked an injected or announced wallet: the wallet is asked first, then ConnectingExternal is
 * routed to with that request, so rendering the view never stands between the click and the wallet's
 * prompt. The view shows how the request ends (and retries it); it is only marked handled here.
 */
export function pickExternalWallet(ctx: ModalContext, connectorId: string): void {
  const attempt = connectAndClose(ctx, connectorId)
  attempt.catch(() => undefined)
  push(ctx, { view: 'ConnectingExternal', data: { connectorId, attempt } })
}
