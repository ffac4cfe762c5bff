import type { WalletConnectTransport } from './walletConnectTransport.js'

/**
 * Hears the end of the transport's session (the wallet deleted it, or it expired): its provider's
 * `disconnect`, which the EVM adapter hears on the provider it connects through; returns the stop. Each call
 * listens with a function of its own, so one connection's stop never removes another's listener.
 */
export function onSessionEnd(transport: WalletConnectTransport, listener: () => void): () => void {
  const onDisconnect = () => listener()
  transport.provider.on?.('disconnect', onDisconnect)
  return () => {
    transport.provider.removeListener?.('disconnect', onDisconnect)
  }
}
