/** EIP-1193 error codes a provider reports (EIP-1193 and EIP-3085 / EIP-3326). */
export const ProviderErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

/** `{code, message, data?}` as EIP-1193 requires of a provider's errors. */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** The provider's own error texts, word for word as the official universal provider's (ERR-35..39). */
export const ProviderErrorMessage = {
  notConnected: 'Please call connect() before request()',
  notInitialized: 'Sign Client not initialized',
  namespaceNotConfigured: 'Namespace is not configured',
  noRpcUrl: 'No RPC url provided for chainId',
  pairingAborted: 'Pairing aborted',
  pairingAttemptsExhausted: 'Max auto pairing attempts reached',
  callStatusNotApproved: 'Fetching call status not approved by the wallet.',
} as const

export const notConnectedError = (): ProviderRpcError =>
  new ProviderRpcError(ProviderErrorCode.disconnected, ProviderErrorMessage.notConnected)

export const notInitializedError = (): ProviderRpcError =>
  new ProviderRpcError(ProviderErrorCode.internal, ProviderErrorMessage.notInitialized)

export const namespaceNotConfiguredError = (namespace: string): ProviderRpcError =>
  new ProviderRpcError(ProviderErrorCode.chainDisconnected, ProviderErrorMessage.namespaceNotConfigured, {
    namespace,
  })

export const noRpcUrlError = (chainId: string): ProviderRpcError =>
  new ProviderRpcError(ProviderErrorCode.chainDisconnected, ProviderErrorMessage.noRpcUrl, { chainId })

/** `connect()` stopped by `abortPairingAttempt()`: the user walked away, as EIP-1193's user rejection. */
export const pairingAbortedError = (): ProviderRpcError =>
  new ProviderRpcError(ProviderErrorCode.userRejected, ProviderErrorMessage.pairingAborted)

export const pairingAttemptsExhaustedError = (attempts: number): ProviderRpcError =>
  new ProviderRpcError(ProviderErrorCode.internal, ProviderErrorMessage.pairingAttemptsExhausted, {
    attempts,
  })
