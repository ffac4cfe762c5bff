import { type WalletErrorCode, walletErrors } from '../controllers/errors.js'
import type { Message, PluralForms } from './message.js'

type ErrorTexts = { readonly [C in WalletErrorCode as `error.${C}`]: (typeof walletErrors)[C] }

/** Wallet errors read as the spec words them (§8): the texts their `WalletError`s carry. */
const errorTexts = Object.fromEntries(
  Object.entries(walletErrors).map(([code, text]) => [`error.${code}`, text]),
) as ErrorTexts

/**
 * Every string the modal shows, in English; the other locales under `locales/` provide the same keys. A
 * value with forms (`one`, `other`, …) is chosen by its `{count}` through `Intl.PluralRules`.
 */
export const en = {
  'modal.label': 'Connect a wallet',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.branding': 'UX by Pairwise',
  'modal.loading': 'Loading…',
  'view.Connect': 'Connect Wallet',
  'view.AllWallets': 'All Wallets',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': 'WalletConnect',
  'view.ConnectingWalletConnectBasic': 'Connect Wallet',
  'view.Account': 'Account',
  'view.Networks': 'Choose Network',
  'view.SwitchNetwork': '{name}',
  'view.SwitchActiveChain': 'Switch Chain',
  'view.UnsupportedChain': 'Switch Network',
  'view.SIWXSignMessage': 'Sign In',
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.network': 'Network',
  'button.unknownNetwork': 'Unknown network',
  'connector.browserWallet': 'Browser Wallet',
  'connect.wallets': 'Wallets',
  'connect.allWallets': 'All Wallets',
  'connect.installed': 'Installed',
  'connect.qr': 'QR code',
  'connect.empty': 'No wallets found in this browser. Use WalletConnect or install a wallet.',
  'connect.noMethods': 'No way to connect is configured for this app.',
  'allWallets.search': 'Search wallets',
  'allWallets.empty': 'No wallet matches “{query}”.',
  'allWallets.count': { one: '{count} wallet', other: '{count} wallets' },
  'allWallets.getWallet': 'Get {name}',
  'external.continue': 'Continue in {name}',
  'external.accept': 'Accept the connection request in the wallet.',
  'external.declined': 'Connection declined',
  'external.declinedHint': 'The request was declined in the wallet.',
  'external.failed': 'Connection failed',
  'external.retry': 'Try again',
  'wc.scan': 'Scan this QR code with your phone',
  'wc.copy': 'Copy link',
  'wc.copied': 'Link copied',
  'wc.openWallet': 'Open {name}',
  'wc.loading': 'Preparing the connection…',
  'wc.expired': 'The connection request expired.',
  'wc.retry': 'Refresh',
  'wc.failed': 'Could not start WalletConnect: {message}',
  'wc.notConfigured': 'WalletConnect is not configured for this app (no relay URL).',
  'account.copyAddress': 'Copy address',
  'account.copied': 'Address copied',
  'account.explorer': 'Block explorer',
  'account.disconnect': 'Disconnect',
  'account.network': 'Network',
  'account.balanceUnavailable': 'Token Balance Unavailable',
  'account.balanceLoading': 'Loading balance…',
  'account.loading': 'Loading…',
  'account.tabs': 'Assets',
  'account.tab.tokens': 'Tokens',
  'account.tab.nfts': 'NFTs',
  'account.tab.activity': 'Activity',
  'tokens.empty': 'No tokens yet.',
  'nfts.empty': 'No NFTs yet.',
  'nfts.failed': 'Failed to fetch NFTs',
  'activity.empty': 'No activity yet.',
  'activity.failed': 'Failed to fetch transactions',
  'activity.loadMore': 'Load more',
  'activity.in': 'Received from {address}',
  'activity.out': 'Sent to {address}',
  'activity.self': 'Sent to self',
  'networks.active': 'Active',
  'networks.switching': 'Approve in your wallet',
  'networks.switchFailed': 'Switch declined',
  'networks.retry': 'Try again',
  'networks.empty': 'No networks are configured.',
  'switchChain.body': 'Switch to {namespace} to use this app.',
  'switchChain.confirm': 'Switch',
  'unsupported.body':
    'This app doesn’t support your current network. Switch to an available option to continue.',
  'unsupported.disconnect': 'Disconnect',
  'siwx.request': '{name} needs to connect to your wallet',
  'siwx.requestApp': 'This app needs to connect to your wallet',
  'siwx.explain': 'Sign this message to prove you own this wallet and proceed.',
  'siwx.cancelDisconnects': 'Canceling will disconnect you',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
  'siwx.authenticating': 'Authenticating...',
  'alert.embeddedLoadFailed': 'Network Error - Could not load embedded wallet',
  'alert.embeddedTimedOut': 'Embedded Wallet Request Timed Out',
  'alert.methodNotAllowed': 'RPC Method Not Allowed: {method}',
  'alert.INVALID_APP_CONFIGURATION': 'Invalid App Configuration',
  'alert.SESSION_EXPIRED': 'Session Expired',
  'alert.RATE_LIMITED': 'Rate Limited',
  'alert.SERVER_ERROR': 'Server Error',
  'alert.networkNotFound': 'Network Not Found',
  'alert.projectIdNotConfigured': 'Project ID Not Configured',
  'alert.multiWalletNotEnabled': walletErrors.MULTI_WALLET_NOT_ENABLED,
  'alert.remoteFeatures':
    "Local feature settings are ignored; the project's remote configuration applies instead: {names}",
  'alert.siwxInitFailed': 'A problem occurred while trying initialize authentication',
  'alert.siwxSignFailed': 'Error signing message',
  'error.generic': 'Something went wrong',
  ...errorTexts,
} as const satisfies Record<string, Message>

export type MessageKey = keyof typeof en

/** A locale's texts: every key of English, a plain text where English has one, forms where it has forms. */
export type Catalogue = {
  [K in MessageKey]: (typeof en)[K] extends string ? string : PluralForms
}
