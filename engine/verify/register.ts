import type { Logger } from '@pairwise/common'
import type { ClientCrypto } from '@pairwise/crypto'
import { browserVerifyFrame, type VerifyFrame } from './browserFrame.js'
import { sha256Hex } from './sha256Hex.js'

/** Past this, the message goes out without an attestation: the wallet sees UNKNOWN, the user never waits. */
export const DEFAULT_REGISTER_TIMEOUT_MS = 2_000

/** The requests a wallet asks the origin of; only the proposing side (the dapp) sends them. */
const ATTESTED_METHODS = new Set(['wc_sessionPropose', 'wc_sessionRequest', 'wc_sessionAuthenticate'])

export type VerifyRegistrarOptions = {
  /** The verify server the integrator configured: the only host registrations go to. */
  url: string
  /** Lets the server check the page's origin against the project's allowed origins. */
  projectId?: string | undefined
  crypto: Pick<ClientCrypto, 'sha256'>
  logger: Pick<Logger, 'warn'>
  /**
   * What registers a message from a context that proves the page's origin. In a browser, by default, a
   * hidden verify frame of the server (`browserVerifyFrame`); outside one there is none, and nothing is
   * registered: a wallet then sees UNKNOWN.
   */
  frame?: VerifyFrame | undefined
  timeoutMs?: number | undefined
}

/** An outgoing request: the JSON-RPC payload and the sealed message as it will be published. */
export type OutgoingMessage = { payload: { method: string }; message: string }

/**
 * Registers an outgoing proposal, session request or authenticate request with the verify server and
 * resolves with the attestation to publish alongside it; `undefined` for any other method, and when the
 * server fails, answers something else or takes longer than the timeout (logged, never thrown).
 */
export type VerifyRegistrar = (outgoing: OutgoingMessage) => Promise<string | undefined>

/** Rejects after `ms`, aborting the registration: a frame that ignores its signal is bounded all the same. */
function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${ms} ms`)
      controller.abort(error)
      reject(error)
    }, ms)
  })
  return Promise.race([run(controller.signal), timedOut]).finally(() => clearTimeout(timer))
}

/**
 * The sending side of verify, as the official client registers before publishing: `id` is sha256 of the
 * sealed message (what the attestation is about), `decryptedId` sha256 of the JSON-RPC request as
 * serialised into it (what a wallet without the attestation looks up). The hashes go to the verify frame,
 * which registers them; an Origin header proves nothing, so there is no direct request.
 */
export function verifyRegistrar(options: VerifyRegistrarOptions): VerifyRegistrar {
  const timeoutMs = options.timeoutMs ?? DEFAULT_REGISTER_TIMEOUT_MS
  const frame = options.frame ?? browserVerifyFrame({ url: options.url, projectId: options.projectId })

  const register = async (
    { payload, message }: OutgoingMessage,
    registerIn: VerifyFrame,
  ): Promise<string | undefined> => {
    const [id, decryptedId] = await Promise.all([
      sha256Hex(options.crypto, message),
      sha256Hex(options.crypto, JSON.stringify(payload)),
    ])
    return withTimeout(timeoutMs, (signal) => registerIn({ id, decryptedId }, signal))
  }

  return async (outgoing) => {
    if (frame === undefined || !ATTESTED_METHODS.has(outgoing.payload.method)) return undefined
    try {
      return await register(outgoing, frame)
    } catch (error) {
      options.logger.warn('verify registration failed', {
        method: outgoing.payload.method,
        error: String(error),
      })
      return undefined
    }
  }
}
