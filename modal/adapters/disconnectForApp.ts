import type { AdapterContext } from './types.js'

/**
 * An app's `provider.disconnect()` on a chain adapter's provider: the wallet disconnected as the modal's own
 * disconnect does it, then the modal told. The modal drops the connection even when the wallet failed to end
 * it, but reports a disconnect (DISCONNECT_SUCCESS) only when it did, as its own disconnect does.
 */
export async function disconnectForApp(
  context: AdapterContext | undefined,
  connectorId: string,
  disconnect: (connectorId: string) => Promise<void>,
): Promise<void> {
  context?.emit({ type: 'disconnecting', connectorId })
  let byApp = false
  try {
    await disconnect(connectorId)
    byApp = true
  } finally {
    context?.emit({ type: 'disconnect', connectorId, byApp })
  }
}
