/** The spec's §8 wallet errors, one code each; messages are the texts users see. */
export const walletErrors = {
  CHAIN_NOT_CONFIGURED: 'Chain not configured.',
  CONNECTOR_ALREADY_CONNECTED: 'Connector already connected.',
  CONNECTOR_NOT_CONNECTED: 'Connector not connected.',
  CONNECTOR_ACCOUNT_NOT_FOUND: 'Connector account not found.',
  CHAIN_MISMATCH: 'The current chain of the connector does not match the connection chain.',
  CONNECTOR_RECONNECTING: 'Connector unavailable while reconnecting.',
  PROVIDER_NOT_FOUND: 'Provider not found.',
  SWITCH_CHAIN_NOT_SUPPORTED: 'This wallet does not support programmatic chain switching.',
  SIGN_MESSAGE_FAILED: 'Sign message failed.',
  ESTIMATE_GAS_FAILED: 'Error estimating gas.',
  CAPABILITIES_UNPARSABLE: 'Error parsing wallet capabilities.',
  ADAPTER_MISSING: 'Adapter for the namespace does not exist.',
  NAMESPACE_REQUIRED: 'namespace is required.',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  NO_COMMON_CHAINS: 'The connector does not support any of the requested chains',
  NO_ACTIVE_ADDRESS: 'No ActiveCaipAddress found',
  UNSUPPORTED_NAMESPACE: 'Unsupported chain namespace',
  USER_REJECTED: 'User rejected the request.',
  WALLETCONNECT_NOT_FOUND: 'WalletConnectorConnector not found',
  CLIENTS_MISSING: 'ConnectionControllerClient and NetworkControllerClient must be set',
  TIMEOUT: 'The wallet did not answer in time.',
  TRANSACTION_REVERTED: 'Transaction reverted:',
  TRANSACTION_REVERTED_UNKNOWN: 'Transaction reverted for an unknown reason.',
  RECEIPT_TIMEOUT: 'Timed out waiting for the transaction receipt.',
  RPC_URL_MISSING: 'Missing RPC URL for network',
  TRANSACTION_NOT_FOUND: 'Transaction not found:',
  RECEIPT_NOT_FOUND: 'Transaction receipt not found:',
  MULTI_WALLET_NOT_ENABLED: 'Multi-wallet is not enabled for this project.',
  INVALID_DECIMAL_NUMBER: 'Not a valid decimal number:',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  EMAIL_DEPENDENCY_UNAVAILABLE: 'Unable to load email login dependency',
  EMBEDDED_WALLET_OFF: 'Email login is not enabled for this app.',
} as const

export type WalletErrorCode = keyof typeof walletErrors

export class WalletError extends Error {
  override name = 'WalletError'
  readonly code: WalletErrorCode
  /** The error the wallet raised, when there was one. */
  override readonly cause: unknown

  /** `detail` completes the message, as a revert reason does `Transaction reverted:`. */
  constructor(code: WalletErrorCode, cause?: unknown, detail?: string) {
    super(detail ? `${walletErrors[code]} ${detail}` : walletErrors[code])
    this.code = code
    this.cause = cause
  }
}

/**
 * Most causes followed to find a code: libraries wrap a wallet's error a few times (wagmi over viem over the
 * provider's), while a wallet in the page may throw one whose causes loop or run on without end.
 */
export const MAX_ERROR_CAUSES = 16

/** EIP-1193 code of a wallet error, when it or one of its first MAX_ERROR_CAUSES causes has one. */
export function rpcErrorCode(error: unknown): number | undefined {
  let current = error
  for (let depth = 0; depth <= MAX_ERROR_CAUSES; depth++) {
    if (typeof current !== 'object' || current === null) return undefined
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export function isUserRejection(error: unknown): boolean {
  return rpcErrorCode(error) === 4001
}
