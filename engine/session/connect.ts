import type { EngineContext } from '../context.js'
import { deferred } from '../deferred.js'
import { internalError } from '../errors.js'
import { formatRequest } from '../jsonrpc/index.js'
import { mergeRequiredIntoOptional } from '../namespaces/index.js'
import { createPairing } from '../pairing/create.js'
import { abandonProposal } from '../proposal/abandon.js'
import { saveProposal } from '../proposal/records.js'
import { validateConnectParams } from '../proposal/validateConnect.js'
import type { AuthPayload, Proposal, ProposalNamespaces, Session } from '../schemas/index.js'
import { setFields } from '../setFields.js'
import { calcExpiry, FIVE_MINUTES } from '../time.js'
import { createKeyPair, sealForTopic } from '../transport/keys.js'
import { newPayloadId } from '../transport/send.js'
import type { ConnectAuthentication, ConnectParams, ConnectResult } from '../types.js'
import { assertRequestExpiry } from './checks.js'

export const PROPOSAL_EXPIRY_MESSAGE = 'Proposal expired'

/** A sign-in inside a proposal, in the CACAO payload form `authenticate()` sends too. */
function authPayloadOf(ctx: EngineContext, request: ConnectAuthentication): AuthPayload {
  return {
    type: request.type ?? 'caip122',
    chains: request.chains,
    domain: request.domain,
    aud: request.uri,
    version: '1',
    nonce: request.nonce,
    iat: new Date(ctx.clock.now()).toISOString(),
    ...setFields(request, ['statement', 'exp', 'nbf', 'requestId', 'resources', 'signatureTypes']),
  }
}

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

  const ttl = params.authentication?.[0]?.ttl ?? FIVE_MINUTES
  assertRequestExpiry(ttl)
  const authentication = params.authentication?.map((request) => authPayloadOf(ctx, request))
  const publicKey = await createKeyPair(ctx)
  const proposal: Proposal = {
    id: newPayloadId(ctx),
    pairingTopic,
    expiryTimestamp: calcExpiry(ctx.clock, ttl),
    relays: params.relays ?? [{ protocol: 'irn' }],
    proposer: { publicKey, metadata: ctx.metadata },
    requiredNamespaces: {},
    optionalNamespaces,
    ...setFields(params, ['sessionProperties', 'scopedProperties']),
    ...(authentication ? { requests: { authentication } } : {}),
  }
  const approval = deferred<Session>()
  ctx.calls.openApproval(proposal.id, approval)
  await saveProposal(ctx, proposal)

  try {
    const payload = formatRequest('wc_sessionPropose', proposal, proposal.id)
    const message = sealForTopic(ctx, pairingTopic, payload)
    await ctx.stores.history.set(String(proposal.id), {
      id: proposal.id,
      topic: pairingTopic,
      method: 'wc_sessionPropose',
      expiry: proposal.expiryTimestamp,
    })
    const attestation = await ctx.verifyRegistrar?.({ payload, message })
    await ctx.relay.proposeSession({
      pairingTopic,
      sessionProposal: message,
      ttl,
      correlationId: proposal.id,
      attestation,
    })
  } catch (error) {
    // connect() fails, so nothing waits on an answer, nor on a pairing made for it, whose URI nobody got.
    // The relay's error is the one it reports, not a storage failure while cleaning up after it.
    await abandonProposal(ctx, proposal.id, uri && pairingTopic).catch(() => {})
    throw error
  }
  return { uri, approval: () => approval.promise }
}
