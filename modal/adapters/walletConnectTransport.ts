import { walletNameRefusal } from '@pairwise/common'
import type { Cacao } from '@pairwise/engine'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { ConnectorInfo } from '../state/types.js'
import type { Eip1193Provider } from './eip1193Provider.js'

export type WalletConnectSession = {
  /** The eip155 addresses and the chain of the first (what the EVM side connects to). */
  accounts: string[]
  chainId: number
  /** Per namespace the session holds, its CAIP-10 accounts (`solana:<ref>:<address>`…); absent: eip155 only. */
  namespaces?: Partial<Record<ChainNamespace, string[]>>
  /** Per namespace, the methods the wallet granted; absent: not told, so any may be asked. */
  methods?: Partial<Record<ChainNamespace, string[]>>
  peer: { name: string; icon?: string }
}

/** The fields of a WalletConnect authenticate request (CAIP-122), from the app's sign-in message. */
export type WalletConnectSignInRequest = {
  chains: string[]
  domain: string
  nonce: string
  uri: string
  statement?: string
  requestId?: string
  resources?: string[]
  exp?: string
  nbf?: string
}

/** WalletConnect one-click auth: a sign-in asked for in the same approval as the session. */
export type WalletConnectSignIn = {
  /** The request for a session on `networks`; undefined when this connect asks for no sign-in. */
  request(networks: CaipNetwork[]): Promise<WalletConnectSignInRequest | undefined>
  /** Keeps the sign-ins the wallet signed (its CACAOs) as the app's sessions. */
  accept(cacaos: Cacao[]): Promise<void>
}

/** What a WalletConnect connector needs from the engine's provider; created lazily so the engine loads on demand. */
export interface WalletConnectTransport {
  readonly provider: Eip1193Provider
  /** A request over the session on `chainId` (CAIP-2): how namespaces other than eip155 reach the wallet. */
  request(args: { method: string; params?: readonly unknown[] | object }, chainId: string): Promise<unknown>
  /** A session restored from storage, if one is still alive. */
  restore(): Promise<WalletConnectSession | undefined>
  /**
   * Proposes a session for `networks` (their eip155, solana and bip122 chains); `onUri` gets each pairing URI (a fresh one after an unanswered proposal expires).
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
/** A brand, the same in every language. */
export const walletConnectName = 'WalletConnect'

/**
 * The name a connected peer is known by: its metadata's, when the modal would show it as a wallet's name
 * (walletNameRefusal), else WalletConnect's. The peer chooses its metadata, and the name reaches the app
 * (connectedWalletInfo, CONNECT_SUCCESS) as the connected wallet's.
 */
export function peerName(name: string): string {
  return walletNameRefusal(name) === undefined ? name : walletConnectName
}

/**
 * An adapter's own wallets, then WalletConnect when the app has it: the same connector id in every namespace
 * (one session serves them all), so Connect lists it once.
 */
export function withWalletConnect(
  wallets: ConnectorInfo[],
  chainNamespace: ChainNamespace,
  offered: boolean,
): ConnectorInfo[] {
  if (!offered) return wallets
  return [
    ...wallets,
    { id: walletConnectConnectorId, type: 'WALLET_CONNECT', name: walletConnectName, chainNamespace },
  ]
}
