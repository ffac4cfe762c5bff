import type { FrameUser } from '@pairwise/engine/frame'
import type { Balance } from '../adapters/types.js'
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

/** AppKit 1.7's theme state (`subscribeTheme`, `useAppKitTheme`). */
export type PublicTheme = {
  themeMode: AppState['theme']['mode']
  themeVariables: AppState['theme']['variables']
}

/** What AppKit 1.7's `fetchBalance` resolves with: the native balance, or why there is none. */
export type FetchBalanceResult = {
  data: Balance | undefined
  error: string | null
  isSuccess: boolean
  isError: boolean
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

export function publicTheme({ theme }: Pick<AppState, 'theme'>): PublicTheme {
  return { themeMode: theme.mode, themeVariables: theme.variables }
}

/** AppKit's answer to `fetchBalance` with no account to read the balance of. */
export const noBalanceToFetch: FetchBalanceResult = {
  data: undefined,
  error: 'Not able to retrieve balance',
  isSuccess: false,
  isError: true,
}

/** AppKit's answer to `fetchBalance` once the balance was read, or not (in AppKit's words). */
export function fetchBalanceResult(balance: Balance | undefined): FetchBalanceResult {
  return balance
    ? { data: balance, error: null, isSuccess: true, isError: false }
    : { ...noBalanceToFetch, error: 'No balance found' }
}

/** What an account depends on: the hook re-reads it only when one of these changes. */
export type AccountSource = Pick<AppState, 'account' | 'activeChain' | 'connections' | 'connectors'>

/** The kind of a namespace's connector (INJECTED, WALLET_CONNECT, AUTH…), which AppKit reports for a provider. */
function connectorType(
  connectors: readonly ConnectorInfo[],
  connectorId: string | undefined,
  namespace: ChainNamespace,
): ConnectorType | undefined {
  return connectors.find((c) => c.id === connectorId && c.chainNamespace === namespace)?.type
}

/** The kind of connector (INJECTED, WALLET_CONNECT, AUTH…) of `namespace`'s current connection. */
export function providerType(
  state: Pick<AppState, 'connections' | 'connectors'>,
  namespace: ChainNamespace,
): ConnectorType | undefined {
  return connectorType(state.connectors, connectionOf(state, namespace)?.connectorId, namespace)
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
