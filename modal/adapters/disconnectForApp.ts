import type { AdapterContext } from './types.js'

/**
 * An app's `provider.disconnect()` on a chain adapter's provider: the wallet disconnected as the modal's own
 * disconnect does it, then the modal told, as when the wallet ends the connection itself.
 */
export async function disconnectForApp(
  context: AdapterContext | undefined,
  connectorId: string,
  disconnect: (connectorId: string) => Promise<void>,
): Promise<void> {
  try {
    await disconnect(connectorId)
  } finally {
    context?.emit({ type: 'disconnect', connectorId })
  }
}
