import type { KeyValue } from '../controllers/context.js'
import { SiwxError } from './errors.js'
import { buildMessage, type SiwxMessageOptions } from './message.js'
import { randomNonce } from './nonce.js'
import { pagePlace, type SiwxPlace } from './pageLocation.js'
import { isSessionFor } from './pair.js'
import { sessionBody } from './sessionBody.js'
import { SessionStore } from './sessionStore.js'
import type { SIWXConfig, SIWXSession } from './types.js'
import { isCurrent, isExpired, verifySession } from './verifySession.js'
import { offlineSignatureCheck, type SiwxSignatureCheck } from './verifySignature.js'

export type LocalSIWXOptions = SiwxMessageOptions &
  Partial<SiwxPlace> & {
    /** Whether a wallet must sign in to stay connected; default true. */
    required?: boolean
    /** Whether disconnecting clears the sessions; default true. */
    signOutOnDisconnect?: boolean
    /**
     * Checks signatures instead of the offline checks (EOA recovery for eip155, ed25519 for solana), e.g.
     * `(input) => publicClient.verifyMessage({ address, message, signature })` for EIP-1271 accounts.
     */
    verify?: SiwxSignatureCheck
    /** Where the sessions are kept; localStorage when the page has it, else memory. */
    storage?: KeyValue
    now?: () => number
  }

/**
 * A sign-in config that keeps everything in the browser. **It authenticates nothing to a server**: the
 * nonce is made here and the sessions live in this page's storage, so any server must not trust them.
 * Use it for demos and for gating the UI; use `serverSIWX` to sign in to a backend.
 *
 * Messages are spec-exact (EIP-4361, SIWS, the CAIP-122 Bitcoin layout) with a 130-bit random nonce;
 * `addSession` and `setSessions` store a session only after its text matches its data and its signature
 * checks out; `getSessions` returns only verified, current sessions and drops the invalid and expired
 * ones from storage; `revokeSession` removes exactly the one network and address pair. Each touches only
 * the sessions of its own domain: those of another config sharing the storage stay as they are.
 */
export function localSIWX(options: LocalSIWXOptions = {}): SIWXConfig {
  const store = new SessionStore(options.storage)
  const check = options.verify ?? offlineSignatureCheck
  const now = options.now ?? Date.now
  const required = options.required ?? true

  const sound = async (session: SIWXSession) =>
    !isExpired(session, now()) && (await verifySession(session, check))
  // A session signed for another site (or another app sharing this origin's storage) signs in nobody here,
  // and is that config's to keep or drop: its `verify` may accept what ours refuses.
  const isOwn = (session: SIWXSession) => session.data.domain === pagePlace(options).domain
  const isOwnFor = (session: SIWXSession, chainId: string, address: string) =>
    isOwn(session) && isSessionFor(session, chainId, address)

  const verified = async (session: SIWXSession): Promise<SIWXSession> => {
    const body = sessionBody(session)
    if (!isOwn(body) || !(await sound(body)))
      throw new SiwxError('INVALID_SESSION', 'The sign-in session did not verify')
    return body
  }

  return {
    async createMessage(input) {
      return buildMessage(input, pagePlace(options), randomNonce(), options, now())
    },

    async addSession(session) {
      const added = await verified(session)
      const { chainId, accountAddress } = added.data
      store.write([...store.read().filter((kept) => !isOwnFor(kept, chainId, accountAddress)), added])
    },

    async revokeSession(chainId, address) {
      store.write(store.read().filter((kept) => !isOwnFor(kept, chainId, address)))
    },

    async setSessions(sessions) {
      const own = await Promise.all(sessions.map(verified))
      store.write([...store.read().filter((kept) => !isOwn(kept)), ...own])
    },

    async getSessions(chainId, address) {
      const stored = store.read()
      const verdicts = await Promise.all(stored.map((session) => !isOwn(session) || sound(session)))
      const kept = stored.filter((_, index) => verdicts[index])
      if (kept.length !== stored.length) store.write(kept)
      return kept.filter((session) => isOwnFor(session, chainId, address) && isCurrent(session, now()))
    },

    getRequired: () => required,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
