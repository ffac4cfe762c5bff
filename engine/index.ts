export type { Logger, LogLevel } from '@pairwise/common'
export { buildAuthObject, verifyCacaoSignature } from './auth/cacao.js'
export { type AuthMessageFields, formatAuthMessage } from './auth/message.js'
export { createRecap, decodeRecap, encodeRecap, type Recap, recapFromResources } from './auth/recap.js'
export { SignClient, type SignClientOptions } from './client.js'
export type { EngineTimings } from './context.js'
export type { EngineOptions } from './create.js'
export {
  type ErrorKey,
  type ErrorResponse,
  getInternalError,
  getSdkError,
  type InternalErrorKey,
  InternalErrors,
  internalError,
  isSignClientError,
  type SdkErrorKey,
  SdkErrors,
  SignClientError,
  sdkError,
} from './errors.js'
export { formatError, formatRequest, formatResult, payloadId } from './jsonrpc/index.js'
export type { LinkModePort } from './linkMode/port.js'
export {
  type BuildApprovedNamespacesParams,
  buildApprovedNamespaces,
  isValidAccountId,
  isValidChainId,
  mergeRequiredIntoOptional,
  normalizeNamespaces,
  parseAccountId,
  parseChainId,
  type SupportedNamespaces,
} from './namespaces/index.js'
export {
  assertEip155Params,
  type Eip1193Provider,
  HTTP_RPC_MAX_LISTENERS,
  HttpRpcConnection,
  type HttpRpcConnectionOptions,
  type HttpRpcState,
  type NamespaceConfig,
  type NamespaceConfigs,
  type PairingsCleanupOpts,
  PROVIDER_STORAGE_PREFIX,
  type ProviderConnectParams,
  ProviderErrorCode,
  ProviderErrorMessage,
  type ProviderEventMap,
  type ProviderEvents,
  ProviderRpcError,
  type RequestArguments,
  type SendAsyncCallback,
  UniversalProvider,
  type UniversalProviderOptions,
} from './provider/index.js'
export type {
  AuthPayload,
  AuthRequest,
  Cacao,
  Metadata,
  Pairing,
  PendingRequest,
  Proposal,
  ProposalNamespaces,
  Session,
  SessionNamespaces,
  VerifyContext,
} from './schemas/index.js'
export {
  formatSiwxMessage,
  matchSiwxMessage,
  parseSiwxMessage,
  type SIWXMessage,
  type SIWXMessageData,
  type SIWXSession,
  type SignInFields,
  SiwxMessageError,
  type SiwxNamespace,
  siwxChainReference,
  siwxFrameMessageSchema,
  siwxMessageDataSchema,
  siwxNamespace,
  siwxSessionSchema,
} from './siwx/index.js'
export { StoreView } from './storeView.js'
export type { Clock } from './time.js'
export type {
  Acknowledged,
  ApproveParams,
  ApproveResult,
  ApproveSessionAuthenticateParams,
  AuthenticateParams,
  AuthenticateResult,
  ConnectAuthentication,
  ConnectParams,
  ConnectResult,
  DisconnectParams,
  EmitParams,
  ExtendParams,
  FindParams,
  FormatAuthMessageParams,
  PairParams,
  PingParams,
  RejectParams,
  RejectSessionAuthenticateParams,
  RequestParams,
  RespondParams,
  SignClientEvent,
  SignClientEvents,
  UpdateParams,
} from './types.js'
export { formatPairingUri, type PairingUri, parsePairingUri } from './uri/index.js'
export { VERIFY_FRAME_MESSAGES, VERIFY_FRAME_PATH } from './verify/frameMessages.js'
export {
  type BrowserVerifyFrameOptions,
  browserVerifyFrame,
  type HttpVerifyResolverOptions,
  httpVerifyResolver,
  type VerifyAnswer,
  type VerifyFrame,
  type VerifyHashes,
  type VerifyQuery,
  type VerifyResolver,
} from './verify/index.js'
export type { EngineView, RelayConnectionEvents, RelayConnectionView } from './view.js'
