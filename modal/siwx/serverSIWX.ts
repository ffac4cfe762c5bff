import { buildMessage, type SiwxMessageOptions } from './message.js'
import { pagePlace, type SiwxPlace } from './pageLocation.js'
import { isSessionFor } from './pair.js'
import { SiwxServerApi, type SiwxSignedIn } from './serverApi.js'
import type { SIWXConfig } from './types.js'

export type ServerSIWXOptions = SiwxMessageOptions &
  Partial<SiwxPlace> & {
    /** The api's URL (the stack's `services/api`), e.g. 'https://api.example.com'. */
    baseUrl: string
    projectId: string
    /**
     * 'cookie' (default): the api sets an HttpOnly session cookie; use it when the api shares the page's
     * site. 'bearer': a short-lived token kept in this config's memory only, for an api on another site.
     */
    auth?: 'cookie' | 'bearer'
    fetch?: typeof fetch
    /** Whether a wallet must sign in to stay connected; default true. */
    required?: boolean
    /** Whether disconnecting signs out; default true. */
    signOutOnDisconnect?: boolean
    now?: () => number
  }

/** The config, and the two calls a page needs besides the modal: who is signed in, and signing out. */
export type ServerSIWX = SIWXConfig & {
  /** `GET /siwx/me`: the networks and accounts signed in from this browser; [] when none. */
  getMe(): Promise<SiwxSignedIn[]>
  /** `POST /siwx/sign-out`: ends every sign-in session of this browser. */
  signOut(): Promise<void>
}

/** The farthest the api's time may be from the visitor's to be taken for the message's Issued At. */
const MAX_SERVER_CLOCK_OFFSET_MS = 24 * 3600_000

/**
 * Sign-in against the api's `/siwx` routes: the server issues each nonce (single use, five minutes),
 * checks every field of the message and its signature, and keeps the sessions. Server refusals surface as
 * `SiwxError`s carrying the api's code and message.
 */
export function serverSIWX(options: ServerSIWXOptions): ServerSIWX {
  const api = new SiwxServerApi({
    baseUrl: options.baseUrl,
    projectId: options.projectId,
    auth: options.auth ?? 'cookie',
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
  })
  const now = options.now ?? Date.now
  const required = options.required ?? true

  return {
    async createMessage(input) {
      const place = pagePlace(options)
      const { nonce, issuedAt } = await api.nonce()
      // Issued at the server's time, which checks it: a visitor whose clock is off still signs in. Only
      // within a day of the visitor's clock: an api must not have a message dated years away signed.
      const local = now()
      const at =
        issuedAt !== undefined && Math.abs(issuedAt - local) <= MAX_SERVER_CLOCK_OFFSET_MS ? issuedAt : local
      return buildMessage(input, place, nonce, options, at)
    },
    addSession: (session) => api.addSession(session),
    revokeSession: (chainId, address) => api.revokeSession(chainId, address),
    setSessions: (sessions) => api.setSessions(sessions),
    async getSessions(chainId, address) {
      return (await api.getSessions(chainId, address)).filter((session) =>
        isSessionFor(session, chainId, address),
      )
    },
    getRequired: () => required,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
    getMe: () => api.me(),
    signOut: () => api.signOut(),
  }
}
