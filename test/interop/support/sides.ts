import { SignClient as Official } from '@walletconnect/sign-client'
import { buildAuthObject as officialBuildAuthObject } from '@walletconnect/utils'
import { SignClient as Official221 } from 'wc-sign-client-2-21'
import { buildAuthObject, type Cacao, SignClient as Ours } from '../../../engine/index.js'
import type { AuthPayload, Session, SessionNamespaces } from '../../../engine/schemas/index.js'
import { type SignClientClass, type SignClientInstance, shutDownClient } from './signFlow.js'

// The official clients skip the Verify server (an outside host) under this flag.
process.env.IS_VITEST = 'true'

export type Role = 'dapp' | 'wallet'

type SessionRequestEvent = {
  id: number
  topic: string
  params: { chainId: string; request: { method: string; params: unknown } }
}
type AuthenticateEvent = { id: number; params: { authPayload: AuthPayload } }
type Events = {
  session_proposal: {
    id: number
    params: { optionalNamespaces: Record<string, unknown>; requests?: { authentication?: unknown[] } }
    verifyContext: { verified: { validation: string } }
  }
  session_request: SessionRequestEvent
  session_authenticate: AuthenticateEvent
  session_update: { topic: string; params: { namespaces: SessionNamespaces } }
  session_extend: { topic: string }
  session_event: { topic: string; params: { chainId: string; event: { name: string; data: unknown } } }
  session_delete: { topic: string }
}

/**
 * The part of the Sign client API that ours and the official clients share, as the interop flows use
 * it. Both implementations are driven through this one shape, so one flow serves every pairing.
 */
export type SignSide = {
  connect(params: { optionalNamespaces: Record<string, unknown>; authentication?: unknown[] }): Promise<{
    uri?: string
    approval(): Promise<Session>
  }>
  pair(params: { uri: string }): Promise<unknown>
  approve(params: {
    id: number
    namespaces: SessionNamespaces
    proposalRequestsResponses?: { authentication: Cacao[] }
    sessionProperties?: Record<string, unknown>
  }): Promise<{ topic: string; acknowledged(): Promise<unknown> }>
  reject(params: { id: number; reason: { code: number; message: string } }): Promise<void>
  request<T>(params: {
    topic: string
    chainId: string
    request: { method: string; params: unknown }
  }): Promise<T>
  respond(params: {
    topic: string
    response: { id: number; jsonrpc: '2.0'; result: unknown } | { id: number; jsonrpc: '2.0'; error: unknown }
  }): Promise<void>
  update(params: { topic: string; namespaces: SessionNamespaces }): Promise<{ acknowledged(): Promise<void> }>
  extend(params: { topic: string }): Promise<{ acknowledged(): Promise<void> }>
  ping(params: { topic: string }): Promise<void>
  emit(params: { topic: string; chainId: string; event: { name: string; data: unknown } }): Promise<void>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
  authenticate(params: {
    chains: string[]
    domain: string
    uri: string
    nonce: string
    methods: string[]
  }): Promise<{ uri: string; response(): Promise<{ auths?: Cacao[]; session?: Session }> }>
  approveSessionAuthenticate(params: { id: number; auths: Cacao[] }): Promise<unknown>
  formatAuthMessage(params: { request: AuthPayload; iss: string }): string
  on<Name extends keyof Events>(event: Name, listener: (payload: Events[Name]) => void): unknown
  once<Name extends keyof Events>(event: Name, listener: (payload: Events[Name]) => void): unknown
  session: { get(topic: string): Session; keys: string[] }
  proposal: { length: number }
  /** Sign-in requests waiting for this wallet's answer. */
  auth: { requests: { length: number } }
}

/** One implementation of the client: how to make one, build a CACAO with its helpers, and close it. */
export type Implementation = {
  readonly name: string
  /**
   * Whether a request made while the relay is down waits and goes out after the restart. 2.21.5 opens a
   * new socket for every retry while the relay is unreachable (its `toEstablishConnection` calls
   * `connect()` outside the shared connect promise) and ends up holding hundreds of them; 2.25.0 fixed it.
   */
  readonly requestsWhileRelayDown: boolean
  make(role: Role, relayUrl: string): Promise<SignSide>
  buildAuthObject(payload: AuthPayload, signature: { t: 'eip191'; s: string }, iss: string): Cacao
  close(side: SignSide): Promise<void>
}

const metadataFor = (role: Role) => ({
  name: `Pairwise interop ${role}`,
  description: 'interop test',
  url: role === 'dapp' ? 'https://dapp.example' : 'https://wallet.example',
  icons: [],
})

export const ours: Implementation = {
  name: 'ours',
  requestsWhileRelayDown: true,
  async make(role, relayUrl) {
    const client = await Ours.init({
      projectId: 'pairwise-interop',
      relayUrl,
      metadata: metadataFor(role),
      logger: 'silent',
      timings: { requestQueueDelayMs: 50 },
    })
    return client as unknown as SignSide
  },
  buildAuthObject,
  close: (side) => (side as unknown as Ours).close(),
}

function official(version: string, Client: SignClientClass, requestsWhileRelayDown: boolean): Implementation {
  return {
    name: `official ${version}`,
    requestsWhileRelayDown,
    async make(role, relayUrl) {
      const client = await Client.init({
        projectId: 'pairwise-interop',
        relayUrl,
        // One client id per client: with a shared global core both would be one client to the relay.
        customStoragePrefix: `${version}-${role}-${Math.random().toString(36).slice(2)}`,
        telemetryEnabled: false,
        logger: 'silent',
        metadata: metadataFor(role),
      })
      return client as unknown as SignSide
    },
    buildAuthObject: (payload, signature, iss) =>
      officialBuildAuthObject(payload, signature, iss) as unknown as Cacao,
    close: (side) => shutDownClient(side as unknown as SignClientInstance),
  }
}

export const official225 = official('2.25.0', Official, true)
export const official221 = official('2.21.5', Official221 as unknown as SignClientClass, false)

/** Resolves with the side's next `event`, or rejects naming it after `timeoutMs`. */
export function nextSideEvent<Name extends keyof Events>(
  side: SignSide,
  event: Name,
  timeoutMs = 20_000,
): Promise<Events[Name]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs)
    side.once(event, (payload) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}
