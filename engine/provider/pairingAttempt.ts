import type { SignClient } from '../client.js'
import type { EngineContext } from '../context.js'
import { engineContextOf } from '../contextOf.js'
import { SignClientError } from '../errors.js'
import { deletePairing } from '../pairing/delete.js'
import { abandonProposal } from '../proposal/abandon.js'
import type { Session } from '../schemas/index.js'
import { PROPOSAL_EXPIRY_MESSAGE } from '../session/connect.js'
import { held } from '../store/held.js'
import type { ConnectParams } from '../types.js'
import { parsePairingUri } from '../uri/index.js'
import { pairingAbortedError, pairingAttemptsExhaustedError } from './errors.js'

/** How many proposals one `connect()` makes before giving up, as the official provider counts them. */
export const MAX_PAIRING_ATTEMPTS = 10

/** A proposal of ours still waiting for the wallet, and the pairing it went out on. */
type OpenProposal = { id: number; pairingTopic: string; madeForIt: boolean }

const isProposalExpiry = (error: unknown): boolean =>
  error instanceof SignClientError && error.message === PROPOSAL_EXPIRY_MESSAGE

/**
 * One `connect()` of the provider: proposes, and when a proposal expires before the wallet answers,
 * proposes again on a fresh pairing (a new URI for the user) until the wallet approves, the wallet
 * rejects, or `abort()` is called. Aborting forgets the open proposal, its pending session keys and the
 * pairing made for it, then fails `settle()`.
 */
export class PairingAttempt {
  readonly #client: SignClient
  readonly #params: ConnectParams
  #aborted = false
  #open: OpenProposal | undefined

  constructor(client: SignClient, params: ConnectParams) {
    this.#client = client
    this.#params = params
  }

  /** Resolves with the session the wallet settles; `onUri` gets every pairing URI made on the way. */
  async settle(onUri: (uri: string) => void): Promise<Session> {
    for (let attempt = 1; ; attempt += 1) {
      const approval = await this.#propose(onUri)
      try {
        return await approval()
      } catch (error) {
        if (this.#aborted) throw pairingAbortedError()
        if (!isProposalExpiry(error)) throw error
        if (this.#open !== undefined) await this.#dropPairing(this.#open)
        if (attempt >= MAX_PAIRING_ATTEMPTS) throw pairingAttemptsExhaustedError(attempt)
      } finally {
        this.#open = undefined
      }
    }
  }

  /** Stops the attempt; the pending `settle()` fails with the 'Pairing aborted' error. */
  async abort(): Promise<void> {
    if (this.#aborted) return
    this.#aborted = true
    await this.#abandon()
  }

  async #propose(onUri: (uri: string) => void): Promise<() => Promise<Session>> {
    if (this.#aborted) throw pairingAbortedError()
    const ctx = engineContextOf(this.#client)
    const before = new Set(ctx.calls.approvalIds())
    const { uri, approval } = await this.#client.connect(this.#params)
    const pairingTopic = uri === undefined ? this.#params.pairingTopic : parsePairingUri(uri).topic
    const id = ctx.calls
      .approvalIds()
      .find((candidate) => !before.has(candidate) && proposalPairing(ctx, candidate) === pairingTopic)
    if (id !== undefined && pairingTopic !== undefined)
      this.#open = { id, pairingTopic, madeForIt: uri !== undefined }
    if (this.#aborted) {
      await this.#abandon()
      throw pairingAbortedError()
    }
    if (uri !== undefined) onUri(uri)
    return approval
  }

  /**
   * Forgets the open proposal with its key pair, the session keys a wallet's answer left, and the pairing
   * made for it while no wallet took it up, then fails the waiting `settle()`, which happens even if
   * storage fails.
   */
  async #abandon(): Promise<void> {
    const open = this.#open
    if (open === undefined) return
    this.#open = undefined
    const ctx = engineContextOf(this.#client)
    await abandonProposal(ctx, open.id, this.#unusedPairing(open), { error: pairingAbortedError() })
  }

  /** A pairing made for a proposal that never settled is of no further use: it is unsubscribed and forgotten. */
  async #dropPairing(open: OpenProposal): Promise<void> {
    const topic = this.#unusedPairing(open)
    if (topic !== undefined) await deletePairing(engineContextOf(this.#client), topic)
  }

  /** The pairing made for `open`, while no wallet has taken it up. */
  #unusedPairing(open: OpenProposal): string | undefined {
    if (!open.madeForIt) return undefined
    const pairing = held(engineContextOf(this.#client).stores.pairings, open.pairingTopic)
    return pairing !== undefined && !pairing.active ? open.pairingTopic : undefined
  }
}

function proposalPairing(ctx: EngineContext, id: number): string | undefined {
  return ctx.stores.proposals.has(String(id)) ? ctx.stores.proposals.get(String(id)).pairingTopic : undefined
}
