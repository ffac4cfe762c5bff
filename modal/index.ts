/**
 * `@pairwise/modal`: the headless modal. createAppKit, the core, adapters, networks and helpers; it imports no
 * React (the dialog's React code loads in the browser when an instance mounts). The React hooks and
 * components are `@pairwise/modal/react`.
 */
export { Eip155Adapter, type Eip155AdapterOptions } from './adapters/eip155/index.js'
export { type WalletAssetEntry, walletAssetEntrySchema } from './adapters/eip155/walletAssetEntry.js'
export { walletAssetTokenBalance } from './adapters/eip155/walletAssetTokenBalance.js'
export type { ChainAdapter, Eip1193Provider } from './adapters/types.js'
export type {
  WalletConnectTransport,
  WalletConnectTransportFactory,
} from './adapters/walletConnectTransport.js'
export { WalletError, type WalletErrorCode, walletErrors } from './controllers/errors.js'
export type { ModalEvent, ModalEventName } from './controllers/events.js'
export { type AppKitOptions, OptionsError } from './controllers/options.js'
export { AppKit } from './core/appKit.js'
export { isEvmAddress, isSignedMessage, isSolanaAddress, isTransactionHash } from './core/validation.js'
export { type CreateAppKitOptions, createAppKit } from './createAppKit.js'
export { type Catalogue, createTranslator, en } from './i18n/index.js'
export {
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  caipAddress,
  caipNetworkSchema,
  chainNamespaces,
  defaultChainId,
  defaultTestNetwork,
  defineNetwork,
  type EvmNetwork,
  ethereum,
  isEvmNetwork,
} from './networks/index.js'
export type {
  OnrampProviderOption,
  OnrampState,
  PaymentCurrency,
  PaymentMethodLimit,
  PurchaseCurrency,
  PurchaseNetwork,
} from './onramp/types.js'
export { defaultPaymentCurrency, defaultPurchaseCurrency } from './state/onrampCurrencies.js'
export type {
  AccountState,
  AccountTab,
  AccountType,
  AppState,
  ConnectionStatus,
  ConnectorInfo,
  ConnectorType,
  NameServiceState,
  NameSuggestion,
  SocialProvider,
  TokenBalance,
  WalletInfo,
} from './state/types.js'
export type { ViewName } from './state/views.js'
export { type AmountOptions, formatAmount } from './ui/components/formatAmount.js'
export { bundledWallets, type RegistryWallet } from './wallets/index.js'
