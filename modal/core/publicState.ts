import type { FrameUser } from '@pairwise/engine/frame'
import { connectionOf } from '../controllers/account.js'
import { caipAddress } from '../networks/defineNetwork.js'
import type { CaipAddress, CaipNetwork, ChainNamespace } from '../networks/types.js'
import type {
  AccountType,
  AppState,
  ConnectionStatus,
  ConnectorInfo,
  ConnectorType,
  SocialProvider,
} from '../state/types.js'

/** One address of a connection, as AppKit 1.7 lists them in `allAccounts`. */
export type AppKitAccountEntry = { namespace: ChainNamespace; address: string; type: AccountType }

/** What AppKit 1.7 tells about an email or social login (`embeddedWalletInfo`). */
export type EmbeddedWalletInfo = {
  /** AppKit adds the social login's name as `username`; the frame calls it `userName`. */
  user: (FrameUser & { username: string | undefined }) | undefined
  authProvider: SocialProvider | 'email'
  accountType: AccountType | undefined
  isSmartAccountDeployed: boolean
}

export type UseAppKitAccountReturn = {
  address: string | undefined
  caipAddress: CaipAddress | undefined
  isConnected: boolean
  status: ConnectionStatus
  allAccounts: AppKitAccountEntry[]
  embeddedWalletInfo: EmbeddedWalletInfo | undefined
}

/** AppKit 1.7's public state (`getState`, `useAppKitState`): one loading flag for every namespace. */
export type PublicState = {
  open: boolean
  selectedNetworkId: CaipNetwork['caipNetworkId'] | undefined
  activeChain: ChainNamespace | undefined
  loading: boolean
  initialized: boolean
}

export type PublicNetwork = {
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: CaipNetwork['caipNetworkId'] | undefined
  chainId: CaipNetwork['id'] | undefined
}

export function publicState(state: AppState): PublicState {
  return {
    open: state.open,
    selectedNetworkId: state.activeNetwork?.caipNetworkId,
    activeChain: state.activeChain,
    loading: Object.values(state.loading).some(Boolean),
    initialized: true,
  }
}

export function publicNetwork(state: AppState): PublicNetwork {
  const caipNetwork = state.activeNetwork
  return { caipNetwork, caipNetworkId: caipNetwork?.caipNetworkId, chainId: caipNetwork?.id }
}

/** What an account depends on: the hook re-reads it only when one of these changes. */
export type AccountSource = Pick<AppState, 'account' | 'activeChain' | 'connections' | 'connectors'>

/** The kind of a namespace's connector (INJECTED, WALLET_CONNECT, AUTH…), which AppKit reports for a provider. */
export function connectorType(
  connectors: readonly ConnectorInfo[],
  connectorId: string | undefined,
  namespace: ChainNamespace,
): ConnectorType | undefined {
  return connectors.find((c) => c.id === connectorId && c.chainNamespace === namespace)?.type
}

/**
 * The account of `namespace` (the active one by default) as AppKit 1.7 returns it. Account state holds
 * the active namespace only (its balance, login and smart account); another namespace is read from its
 * current connection, so a multichain app sees each of its accounts.
 */
export function publicAccount(state: AccountSource, namespace = state.activeChain): UseAppKitAccountReturn {
  const connection = namespace && connectionOf(state, namespace)
  const address = connection?.accounts[0]
  const active = namespace === state.activeChain
  const { account } = state
  const embedded =
    active &&
    namespace !== undefined &&
    connectorType(state.connectors, connection?.connectorId, namespace) === 'AUTH'
  // The email wallet knows each of its accounts' kind (EOA or smart account); other wallets are EOAs to AppKit.
  const typed = embedded ? account.user?.accounts : undefined
  return {
    address: active ? account.address : address,
    caipAddress: active
      ? account.caipAddress
      : connection && address
        ? caipAddress(connection.caipNetwork, address)
        : undefined,
    isConnected: Boolean(active ? account.address : address),
    status: (active ? account.status : namespace && state.connections[namespace]?.status) ?? 'disconnected',
    allAccounts:
      namespace && connection
        ? (typed ?? connection.accounts.map((entry) => ({ address: entry, type: 'eoa' as const }))).map(
            ({ address: entry, type }) => ({ namespace, address: entry, type }),
          )
        : [],
    embeddedWalletInfo: embedded
      ? {
          user: account.user && { ...account.user, username: account.user.userName },
          authProvider: account.socialProvider ?? 'email',
          accountType: account.preferredAccountType,
          isSmartAccountDeployed: Boolean(account.smartAccountDeployed),
        }
      : undefined,
  }
}
