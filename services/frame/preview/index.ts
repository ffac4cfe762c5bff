export { amountOf, type NativeCurrency, nativeAsset } from './amounts.js'
export { decodeCall } from './decodeCall.js'
export { type PreviewSignatureParameters, previewSignature } from './previewSignature.js'
export {
  type PreviewChain,
  type PreviewTransactionParameters,
  previewTransaction,
} from './previewTransaction.js'
export type { ChainRequest } from './request.js'
export {
  type Amount,
  type BalanceChange,
  type DecodedCall,
  type Fee,
  type RevertReason,
  type SignaturePreview,
  signaturePreviewSchema,
  type Token,
  type TransactionPreview,
  type TransactionRequest,
  transactionPreviewSchema,
  transactionRequestSchema,
} from './schemas.js'
