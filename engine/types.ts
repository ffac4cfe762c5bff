import type { ErrorResponse } from './errors.js'
import type { JsonRpcResponse } from './jsonrpc/index.js'
import type {
  AuthPayload,
  Cacao,
  Metadata,
  Pairing,
  Proposal,
  ProposalNamespaces,
  Session,
  SessionAuthenticateParams,
  SessionEventParams,
  SessionNamespaces,
  SessionRequestParams,
  VerifyContext,
} from './schemas/index.js'

/** Every event a client emits, with its payload; names and shapes are those of the official client. */
export type SignClientEvents = {
  session_proposal: { id: number; params: Proposal; verifyContext: VerifyContext }
  session_update: { id: number; topic: string; params: { namespaces: SessionNamespaces } }
  session_extend: { id: number; topic: string }
  session_ping: { id: number; topic: string }
  session_delete: { id: number; topic: string }
  session_expire: { topic: string }
  session_request: { id: number; topic: string; params: SessionRequestParams; verifyContext: VerifyContext }
  session_request_sent: {
    id: number
    topic: string
    chainId: string
    request: { method: string; params: unknown }
  }
  session_request_expire: { id: number }
  session_event: { id: number; topic: string; params: SessionEventParams }
  session_authenticate: {
    id: number
    topic: string
    params: SessionAuthenticateParams
    verifyContext: VerifyContext
  }
  session_connect: { session: Session }
  proposal_expire: { id: number }
}
export type SignClientEvent = keyof SignClientEvents

export type ConnectParams = {
  /** Deprecated: merged into `optionalNamespaces`, as the official client does. */
  requiredNamespaces?: ProposalNamespaces
  optionalNamespaces?: ProposalNamespaces
  sessionProperties?: Record<string, unknown>
  scopedProperties?: Record<string, unknown>
  /** Deprecated: reuse an existing pairing instead of making a new one. */
  pairingTopic?: string
  relays?: { protocol: string; data?: string }[]
  /** Sign-ins to ask for along with the session (2.25's one-step connect and sign-in). */
  authentication?: ConnectAuthentication[]
}
/** A sign-in request inside `connect()`; `ttl` (seconds) also bounds the proposal's life. */
export type ConnectAuthentication = Omit<AuthenticateParams, 'methods' | 'pairingTopic' | 'expiry'> & {
  ttl?: number
  signatureTypes?: Record<string, string[]>
}
export type ConnectResult = { uri: string | undefined; approval: () => Promise<Session> }

export type PairParams = { uri: string; activatePairing?: boolean }

export type ApproveParams = {
  id: number
  namespaces: SessionNamespaces
  relayProtocol?: string
  sessionProperties?: Record<string, unknown>
  scopedProperties?: Record<string, unknown>
  sessionConfig?: Record<string, unknown>
  /** Answers to the proposal's `requests`: signed CACAOs for the sign-ins it asked for. */
  proposalRequestsResponses?: { authentication?: Cacao[] }
}
export type ApproveResult = { topic: string; acknowledged: () => Promise<Session> }

export type RejectParams = { id: number; reason: ErrorResponse }
export type UpdateParams = { topic: string; namespaces: SessionNamespaces }
export type Acknowledged = { acknowledged: () => Promise<void> }
export type ExtendParams = { topic: string }

export type RequestParams = {
  topic: string
  chainId: string
  request: { method: string; params: unknown }
  /** Seconds the wallet has to answer, 300 to 604800; 300 by default, the relay's lifetime of a request. */
  expiry?: number
}

export type RespondParams = { topic: string; response: JsonRpcResponse }
export type PingParams = { topic: string }
export type EmitParams = { topic: string; chainId: string; event: { name: string; data: unknown } }
export type DisconnectParams = { topic: string; reason?: ErrorResponse }
export type FindParams = { requiredNamespaces: ProposalNamespaces }

export type AuthenticateParams = {
  chains: string[]
  domain: string
  nonce: string
  uri: string
  type?: string
  nbf?: string
  exp?: string
  statement?: string
  requestId?: string
  resources?: string[]
  methods?: string[]
  pairingTopic?: string
  /** Seconds the request stays valid; one hour by default. */
  expiry?: number
}
export type AuthenticateResult = {
  uri: string
  /** The CACAOs and, when they grant methods, the session; or the session of the fallback proposal. */
  response: () => Promise<{ auths?: Cacao[]; session?: Session }>
}
export type ApproveSessionAuthenticateParams = {
  id: number
  auths: Cacao[]
}
export type RejectSessionAuthenticateParams = { id: number; reason: ErrorResponse }
export type FormatAuthMessageParams = { request: AuthPayload; iss: string }

export type { Metadata, Pairing, Proposal, Session }
