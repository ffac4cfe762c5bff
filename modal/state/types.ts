import type { FrameUser } from '@pairwise/engine/frame'
import type { MessageKey } from '../i18n/en.js'
import type { CaipAddress, CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { OnrampState } from '../onramp/types.js'
import type { RegistryWallet } from '../wallets/types.js'
import type { Route } from './views.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
export const connectorTypes = [
  'ANNOUNCED',
  'INJECTED',
  'MULTI_CHAIN',
  'EXTERNAL',
  'WALLET_CONNECT',
  'AUTH',
] as const
export type ConnectorType = (typeof connectorTypes)[number]

/** A way to connect a wallet, as the views list it. */
export type ConnectorInfo = {
  id: string
  type: ConnectorType
  name: string
  chainNamespace: ChainNamespace
  imageUrl?: string
  rdns?: string
}

export type WalletInfo = { name: string; icon?: string }

/** One live wallet connection of a namespace. */
export type Connection = {
  connectorId: string
  accounts: string[]
  caipNetwork: CaipNetwork
  /** The name and icon its connect gave: the account shows them only while this connection is current. */
  walletInfo: WalletInfo
}

export type NamespaceConnection = {
  status: ConnectionStatus
  connections: Connection[]
  /** Index into `connections` of the current one. */
  current?: number
}

/** Spec §3 Token balance: one token of an address on a network, as the balance API answers it. */
export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  /** `chainId:contract`; absent for the native coin. */
  address?: string
  /** In USD. */
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** The Account view's tabs, numbered as AppKit numbers them: 0 Tokens, 1 NFTs, 2 Activity. */
export type AccountTab = 0 | 1 | 2

/** The account kind an embedded wallet's user prefers: a plain key (eoa) or a smart account. */
export type AccountType = NonNullable<FrameUser['preferredAccountType']>

/**
 * Spec §3 account state (ENT-05). Every field the spec names; an absent one has AppKit's initial value
 * (no tab chosen is Tokens, no balances, no labels, no user, no social login under way).
 */
export type AccountState = {
  status: ConnectionStatus
  address?: string
  caipAddress?: CaipAddress
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  balanceError?: string
  profileName?: string
  profileImage?: string
  addressExplorerUrl?: string
  connectedWalletInfo?: WalletInfo
  /** The Account tab shown; Tokens when absent. */
  currentTab?: AccountTab
  /** The token balances last loaded for this address and network. */
  tokenBalance?: TokenBalance[]
  /** When (ms since the epoch) the last token balance load failed; loads wait 30 s after it. */
  lastRetry?: number
  /** Whether the account's smart account is on chain; absent while the modal does not know it. */
  smartAccountDeployed?: boolean
  /** Names the app gives addresses, by address. */
  addressLabels?: ReadonlyMap<string, string>
  /** The embedded wallet's user (spec §3 frame user), when one is logged in. */
  user?: FrameUser
  preferredAccountType?: AccountType
  /** The social login under way: its provider, the popup it runs in, and Farcaster's sign-in link. */
  socialProvider?: SocialProvider
  socialWindow?: Window
  farcasterUrl?: string
  /** The address the account moves to once the embedded wallet has switched to it. */
  shouldUpdateToAddress?: string
}

/** A name the names service suggests, and whether someone holds it already. */
export type NameSuggestion = { name: string; registered: boolean }

/** Spec §3 name-service state; absent until a names view first loads it (modal/names). */
export type NameServiceState = { suggestions: NameSuggestion[]; loading: boolean }

export type { SocialMode } from './views.js'

/** A social login provider the modal can offer (spec §5). */
export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord' | 'farcaster'

/** The features a remote project configuration controls (spec §6), as they are in effect. */
export type Features = {
  email: boolean
  /** The social logins offered, or false for none. */
  socials: false | SocialProvider[]
  swaps: boolean
  onramp: boolean
  activity: boolean
  /** Our own mark in the modal's footer (AppKit's 'reownBranding'). */
  reownBranding: boolean
  multiWallet: boolean
}

export type AlertSeverity = 'info' | 'success' | 'warning' | 'error'
/**
 * What an alert says: a catalogue key and its values, which the modal shows in the reader's language, or the
 * app's own words (`showErrorMessage`), which it shows as written, untranslated and never as markup.
 */
export type AlertText = { key: MessageKey; params?: Record<string, string> } | { plain: string }
/** `message` is the English text (the spec's words, or the app's), for hosts and logs; the modal shows `text`. */
export type Alert = { id: number; severity: AlertSeverity; message: string; text: AlertText }

export type RouterState = Route & { history: Route[] }

export type Theme = { mode: 'light' | 'dark'; variables: Record<string, string | number | undefined> }

export type AppState = {
  theme: Theme
  open: boolean
  loading: Partial<Record<ChainNamespace, boolean>>
  shake: boolean
  router: RouterState
  activeChain: ChainNamespace | undefined
  activeNetwork: CaipNetwork | undefined
  networks: CaipNetwork[]
  connections: Partial<Record<ChainNamespace, NamespaceConnection>>
  account: AccountState
  connectors: ConnectorInfo[]
  /** The wallet registry AllWallets offers (bundled, or the integrator's). */
  wallets: RegistryWallet[]
  /** The pairing URI of the WalletConnect proposal being shown, if any. */
  wcUri?: string
  wcError?: string
  alerts: Alert[]
  snackbar?: Alert
  /** The features in effect: the local settings, replaced by the project's remote configuration once fetched. */
  features: Features
  /**
   * Connect's rows when the app has adapters in several namespaces: each wallet once, with the namespaces it
   * serves (controllers/multiNamespace.ts keeps it); absent, every connector is a row.
   */
  walletRows?: { connector: ConnectorInfo; note?: string }[]
  /** The namespace the app opened the modal for (`open({ namespace })`): Connect lists its wallets alone. */
  connectNamespace?: ChainNamespace
  /** Spec §3 onramp state; absent until an onramp view first uses it (modal/onramp). */
  onramp?: OnrampState
  names?: NameServiceState
}

export const initialAccount: AccountState = { status: 'disconnected', balanceLoading: false }
