/**
 * `@pairwise/bitcoin`: the bip122 namespace for the modal, over the Bitcoin Wallet Standard, the sats-connect
 * wire protocol, Leather and the Unisat/OKX globals, with its own PSBT builder and an Esplora API
 * for chain data. An app that imports none of it loads none of it.
 */
export {
  type AddressType,
  addressTypeOf,
  addressTypes,
  type BitcoinAccount,
  type BitcoinPurpose,
  bitcoinPurposes,
  orderAccounts,
  type ReportedAccount,
} from './accounts.js'
export { BitcoinAdapter, type BitcoinAdapterOptions, formatSats } from './bitcoinAdapter.js'
export type {
  BitcoinConnector,
  ConnectorChange,
  InputsToSign,
  MessageProtocol,
  SignedMessage,
  SignedPsbt,
} from './connectors/connector.js'
export { BitcoinError, type BitcoinErrorCode, bitcoinErrors } from './errors.js'
export { type BitcoinActivity, type EsploraClient, esploraClient, type Utxo } from './esplora.js'
export {
  type BitcoinChain,
  type BitcoinChainName,
  type BitcoinNetworkInput,
  bitcoin,
  bitcoinChainOf,
  bitcoinChains,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet3,
  bitcoinTestnet4,
  defineBitcoinNetwork,
} from './networks.js'
export type { BitcoinProvider, BitcoinProviderEvents } from './provider.js'
export type { TransferRequest } from './transfer.js'
