import type { EngineContext } from '../context.js'
import { deferred } from '../deferred.js'
import { internalError } from '../errors.js'
import { formatRequest } from '../jsonrpc/index.js'
import { mergeRequiredIntoOptional } from '../namespaces/index.js'
import { createPairing } from '../pairing/create.js'
import { deleteProposal } from '../proposal/delete.js'
import { validateConnectParams } from '../proposal/validateConnect.js'
import type { Proposal, ProposalNamespaces, Session } from '../schemas/index.js'
import { idTarget } from '../store/expirer.js'
import { calcExpiry, FIVE_MINUTES } from '../time.js'
import { createKeyPair, sealForTopic } from '../transport/keys.js'
import { newPayloadId } from '../transport/send.js'
import type { ConnectParams, ConnectResult } from '../types.js'

export const PROPOSAL_EXPIRY_MESSAGE = 'Proposal expired'

/**
 * Dapp side: proposes a session. Makes a pairing (unless a usable one is given), hands the encrypted
 * proposal to the relay with `wc_proposeSession` as clients ≥ 2.21.6 do, and returns the URI for the
 * wallet plus `approval()`, which resolves with the session once the wallet's settle request arrives.
 */
export async function connect(ctx: EngineContext, params: ConnectParams): Promise<ConnectResult> {
  const connectParams = {
    ...params,
    requiredNamespaces: params.requiredNamespaces ?? {},
    optionalNamespaces: params.optionalNamespaces ?? {},
  }
  await validateConnectParams(ctx, connectParams, { call: 'connect()', checkPairing: true })
  const optionalNamespaces: ProposalNamespaces = mergeRequiredIntoOptional(
    connectParams.requiredNamespaces,
    connectParams.optionalNamespaces,
  )

  let pairingTopic = params.pairingTopic
  let uri: string | undefined
  if (pairingTopic === undefined || !ctx.stores.pairings.get(pairingTopic).active) {
    const created = await createPairing(ctx, { subscribe: false })
    pairingTopic = created.pairing.topic
    uri = created.uri
  }
  if (!ctx.stores.keychain.has(pairingTopic)) {
    throw internalError('NO_MATCHING_KEY', `connect() pairing topic: ${pairingTopic}`)
  }

  const publicKey = await createKeyPair(ctx)
  const proposal: Proposal = {
    id: newPayloadId(ctx),
    pairingTopic,
    expiryTimestamp: calcExpiry(ctx.clock, FIVE_MINUTES),
    relays: params.relays ?? [{ protocol: 'irn' }],
    proposer: { publicKey, metadata: ctx.metadata },
    requiredNamespaces: {},
    optionalNamespaces,
    ...(params.sessionProperties ? { sessionProperties: params.sessionProperties } : {}),
    ...(params.scopedProperties ? { scopedProperties: params.scopedProperties } : {}),
  }
  const approval = deferred<Session>()
  ctx.approvals.set(proposal.id, approval)
  await ctx.stores.proposals.set(String(proposal.id), proposal)
  await ctx.expirer.set(idTarget(proposal.id), proposal.expiryTimestamp)

  try {
    const message = sealForTopic(ctx, pairingTopic, formatRequest('wc_sessionPropose', proposal, proposal.id))
    await ctx.stores.history.set(String(proposal.id), {
      id: proposal.id,
      topic: pairingTopic,
      method: 'wc_sessionPropose',
      expiry: proposal.expiryTimestamp,
    })
    await ctx.relay.proposeSession({
      pairingTopic,
      sessionProposal: message,
      ttl: FIVE_MINUTES,
      correlationId: proposal.id,
    })
  } catch (error) {
    ctx.approvals.delete(proposal.id)
    await deleteProposal(ctx, proposal.id)
    throw error
  }
  return { uri, approval: () => approval.promise }
}
