import type { CaipNetwork } from '../networks/types.js'
import type { Eip1193Provider } from './eip1193Provider.js'

export type WalletConnectSession = {
  accounts: string[]
  chainId: number
  peer: { name: string; icon?: string }
}

/** What a WalletConnect connector needs from the engine's provider; created lazily so the engine loads on demand. */
export interface WalletConnectTransport {
  readonly provider: Eip1193Provider
  /** A session restored from storage, if one is still alive. */
  restore(): Promise<WalletConnectSession | undefined>
  /**
   * Proposes a session; `onUri` gets each pairing URI (a fresh one after an unanswered proposal expires).
   * Aborting `signal` withdraws the open proposal and fails the call.
   */
  connect(params: {
    networks: CaipNetwork[]
    onUri: (uri: string) => void
    signal?: AbortSignal | undefined
  }): Promise<WalletConnectSession>
  disconnect(): Promise<void>
}

export type WalletConnectTransportFactory = () => Promise<WalletConnectTransport>

export const walletConnectConnectorId = 'walletConnect'
