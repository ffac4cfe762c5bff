import type { SignClient, SignClientOptions } from '../client.js'
import type { JsonRpcResult } from '../jsonrpc/index.js'
import type { ProposalNamespace, Session } from '../schemas/index.js'
import type { AuthenticateResult, SignClientEvents } from '../types.js'
import type { ProviderRpcError } from './errors.js'

export type RequestArguments = { method: string; params?: readonly unknown[] | object }

/**
 * What the provider asks for in one namespace: the proposal's chains, methods and events, plus where
 * reads go (`rpcMap`, keyed by CAIP-2 chain id or, as the official provider keys it, by the chain's
 * reference: `{ 'eip155:1': url }` or `{ 1: url }`) and the chain requests default to (`defaultChain`).
 * `rpcMap` and `defaultChain` stay with the provider; the wallet never sees them.
 */
export type NamespaceConfig = ProposalNamespace
export type NamespaceConfigs = Record<string, NamespaceConfig>

export type UniversalProviderOptions = SignClientOptions & {
  /** A client to reuse instead of making one from the other options; the provider then never closes it. */
  client?: SignClient
  /** The session to speak over; by default the one the provider last connected, else the client's newest. */
  session?: Session
  /** Read endpoints for every namespace by CAIP-2 chain id; a namespace's own `rpcMap` wins. */
  rpcMap?: Record<string, string>
  /**
   * Where `wallet_getCallsStatus` goes for a session naming a bundler (`bundler_name`): the app's bundler
   * path, as the modal's api client asks it. Without it such a session's calls go to `bundler_url` or the wallet.
   */
  userOperationReceipt?: UserOperationReceiptLookup
}

/** `eth_getUserOperationReceipt` of `params[0]` from the bundler named `bundler` on the CAIP-2 `chainId`. */
export type UserOperationReceiptLookup = (query: {
  chainId: string
  bundler: string
  params: readonly unknown[]
}) => Promise<unknown>

export type ProviderConnectParams = {
  /** Deprecated as `requiredNamespaces` are: merged into `optionalNamespaces`, as the official provider does. */
  namespaces?: NamespaceConfigs
  optionalNamespaces?: NamespaceConfigs
  /** Reuse this pairing instead of making a new one (no `display_uri` then). */
  pairingTopic?: string
  sessionProperties?: Record<string, unknown>
  scopedProperties?: Record<string, unknown>
  /** Only take the namespaces and properties for a later `pair()` or `enable()`; nothing is proposed. */
  skipPairing?: boolean
}

export type PairingsCleanupOpts = {
  /** Forget the pairings (record, key, subscription) instead of only unsubscribing from them. */
  deletePairings?: boolean
}

/** `sendAsync()`'s callback: the answer as a JSON-RPC result, or the error and no answer. */
export type SendAsyncCallback = (error: Error | null, response?: JsonRpcResult) => void

/** What `authenticate()` resolves with: the wallet's CACAOs and, when they grant methods, the session. */
export type ProviderSignInResult = Awaited<ReturnType<AuthenticateResult['response']>>

/** Events of the provider. `chainChanged` carries a hex chain id for eip155 (EIP-1193), else CAIP-2. */
export type ProviderEvents = {
  display_uri: string
  connect: { session: Session }
  disconnect: ProviderRpcError
  chainChanged: string
  accountsChanged: string[]
  session_event: SignClientEvents['session_event']
  session_update: SignClientEvents['session_update']
  session_delete: SignClientEvents['session_delete']
}

/**
 * What a listener may subscribe to: the provider's own events, and any other event the session grants
 * (`bip122_addressesChanged`, an app's own), passed on under its name with the event's data.
 */
export type ProviderEventMap = ProviderEvents & Record<string, unknown>

/** The EIP-1193 surface viem's `custom()` transport and wagmi connectors use. */
export type Eip1193Provider = {
  request<T = unknown>(args: RequestArguments): Promise<T>
  on<Name extends keyof ProviderEvents>(
    event: Name,
    listener: (payload: ProviderEvents[Name]) => void,
  ): Eip1193Provider
  removeListener<Name extends keyof ProviderEvents>(
    event: Name,
    listener: (payload: ProviderEvents[Name]) => void,
  ): Eip1193Provider
}
