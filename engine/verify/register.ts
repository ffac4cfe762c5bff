import * as z from 'zod/mini'
import type { Logger } from '../../common/index.js'
import { bytesToHex, type ClientCrypto, utf8ToBytes } from '../../crypto/index.js'

/** Past this, the message goes out without an attestation: the wallet sees UNKNOWN, the user never waits. */
export const DEFAULT_REGISTER_TIMEOUT_MS = 2_000

/** The requests a wallet asks the origin of; only the proposing side (the dapp) sends them. */
const ATTESTED_METHODS = new Set(['wc_sessionPropose', 'wc_sessionRequest', 'wc_sessionAuthenticate'])

/** `POST <verify server>/attestation`: an ES256 JWT about the message, or null without an `id`. */
const RegistrationAnswerSchema = z.object({ attestation: z.nullable(z.string()) })

export type VerifyRegistrarOptions = {
  /** The verify server the integrator configured: the only host registrations go to. */
  url: string
  /** Lets the server check the page's origin against the project's allowed origins. */
  projectId?: string | undefined
  crypto: Pick<ClientCrypto, 'sha256'>
  logger: Pick<Logger, 'warn'>
  /**
   * The platform's `fetch` by default. In a browser it sends the page's Origin, which is what the server
   * attests; the engine never sets that header itself, as a page must not claim another's origin.
   */
  fetch?: typeof fetch | undefined
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

async function sha256Hex(crypto: Pick<ClientCrypto, 'sha256'>, text: string): Promise<string> {
  return bytesToHex(await crypto.sha256(utf8ToBytes(text)))
}

/** Rejects after `ms`, aborting the request: a `fetch` that ignores its signal is bounded all the same. */
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
 * serialised into it (what a wallet without the attestation looks up).
 */
export function verifyRegistrar(options: VerifyRegistrarOptions): VerifyRegistrar {
  const endpoint = new URL(`${options.url.replace(/\/+$/, '')}/attestation`)
  if (options.projectId !== undefined) endpoint.searchParams.set('projectId', options.projectId)
  const timeoutMs = options.timeoutMs ?? DEFAULT_REGISTER_TIMEOUT_MS
  const send = options.fetch ?? ((input, init) => fetch(input, init))

  const register = async ({ payload, message }: OutgoingMessage): Promise<string | undefined> => {
    const [id, decryptedId] = await Promise.all([
      sha256Hex(options.crypto, message),
      sha256Hex(options.crypto, JSON.stringify(payload)),
    ])
    return withTimeout(timeoutMs, async (signal) => {
      const response = await send(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, decryptedId }),
        signal,
      })
      if (!response.ok) throw new Error(`the verify server answered ${response.status}`)
      const answer = RegistrationAnswerSchema.safeParse(await response.json())
      if (!answer.success) throw new Error('the verify server answered something else than an attestation')
      return answer.data.attestation ?? undefined
    })
  }

  return async (outgoing) => {
    if (!ATTESTED_METHODS.has(outgoing.payload.method)) return undefined
    try {
      return await register(outgoing)
    } catch (error) {
      options.logger.warn('verify registration failed; publishing without an attestation', {
        method: outgoing.payload.method,
        error: String(error),
      })
      return undefined
    }
  }
}
