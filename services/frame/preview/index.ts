export { amountOf, type NativeCurrency, nativeAsset } from './amounts.js'
export { type FeeBlock, hostPricePerGas } from './hostPricePerGas.js'
export type { PaidGas } from './outcome.js'
export { type PreviewCallsParameters, previewCalls } from './previewCalls.js'
export { type PreviewSignatureParameters, personalMessage, previewSignature } from './previewSignature.js'
export {
  type PreviewChain,
  type PreviewTransactionParameters,
  previewTransaction,
} from './previewTransaction.js'
export { type ChainRequest, ChainUnreachable } from './request.js'
export { failedBatchCall, refusalReason } from './revertReason.js'
export {
  type Amount,
  type BalanceChange,
  type CallsPreview,
  callsPreviewSchema,
  type DecodedCall,
  type Fee,
  type Outcome,
  type RevertReason,
  type SignaturePreview,
  signaturePreviewSchema,
  type Token,
  type TransactionPreview,
  type TransactionRequest,
  transactionPreviewSchema,
  transactionRequestSchema,
} from './schemas.js'
export { type TypedData, typedDataSchema } from './typedDataSchema.js'
