/**
 * litesvm reports errors as TypeScript const enums (plain numbers at runtime) or small native classes; the
 * RPC speaks Agave's serde JSON (`"BlockhashNotFound"`, `{"InstructionError":[0,{"Custom":1}]}`). This maps
 * one to the other, and gives the human text Agave prints for the common cases.
 */

/** Agave's `TransactionError` as the RPC serialises it. */
export type RpcTransactionError =
  | string
  | { InstructionError: [number, RpcInstructionError] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

export type RpcInstructionError = string | { Custom: number } | { BorshIoError: string }

/** litesvm's TransactionErrorFieldless, in its numeric order. */
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

/** litesvm's InstructionErrorFieldless, in its numeric order. */
const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** What litesvm's `FailedTransactionMetadata.err()` returns: a number or one of its error classes. */
export type LiteSvmTransactionError = number | object

function field(value: object, name: string): unknown {
  return (value as Record<string, unknown>)[name]
}

function instructionError(value: unknown): RpcInstructionError {
  if (typeof value === 'number') return instructionErrorNames[value] ?? 'InvalidError'
  if (typeof value === 'object' && value !== null) {
    const code = field(value, 'code')
    if (typeof code === 'number') return { Custom: code }
    const message = field(value, 'msg')
    if (typeof message === 'string') return { BorshIoError: message }
  }
  return 'InvalidError'
}

/** The RPC JSON of a litesvm transaction error. */
export function rpcTransactionError(error: LiteSvmTransactionError): RpcTransactionError {
  if (typeof error === 'number') return transactionErrorNames[error] ?? 'SanitizeFailure'
  const kind = error.constructor.name
  const index = field(error, 'index')
  const accountIndex = field(error, 'accountIndex')
  if (kind === 'TransactionErrorInstructionError' && typeof index === 'number') {
    const inner = field(error, 'err')
    return {
      InstructionError: [
        index,
        instructionError(typeof inner === 'function' ? inner.call(error) : undefined),
      ],
    }
  }
  if (kind === 'TransactionErrorDuplicateInstruction' && typeof index === 'number')
    return { DuplicateInstruction: index }
  if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted' && typeof accountIndex === 'number')
    return { ProgramExecutionTemporarilyRestricted: { account_index: accountIndex } }
  if (typeof accountIndex === 'number') return { InsufficientFundsForRent: { account_index: accountIndex } }
  return 'SanitizeFailure'
}

const transactionErrorTexts: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}

const instructionErrorTexts: Record<string, string> = {
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
}

function describeInstructionError(error: RpcInstructionError): string {
  if (typeof error === 'string') return instructionErrorTexts[error] ?? error
  if ('Custom' in error) return `custom program error: 0x${error.Custom.toString(16)}`
  return `Failed to serialize or deserialize account data: ${error.BorshIoError}`
}

/** Agave's Display text of a transaction error, used after "Transaction simulation failed: ". */
export function describeTransactionError(error: RpcTransactionError): string {
  if (typeof error === 'string') return transactionErrorTexts[error] ?? error
  if ('InstructionError' in error) {
    const [index, inner] = error.InstructionError
    return `Error processing Instruction ${index}: ${describeInstructionError(inner)}`
  }
  if ('DuplicateInstruction' in error)
    return `Transaction contains a duplicate instruction (${error.DuplicateInstruction}) that is not allowed`
  if ('InsufficientFundsForRent' in error)
    return `Transaction results in an account (${error.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  return `Execution of the program referenced by account at index ${error.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`
}
