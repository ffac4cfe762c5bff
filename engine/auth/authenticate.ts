import { type EngineContext, schedule } from '../context.js'
import { deferred } from '../deferred.js'
import { SignClientError } from '../errors.js'
import { parseChainId } from '../namespaces/index.js'
import { createPairing } from '../pairing/create.js'
import { abandonProposal } from '../proposal/abandon.js'
import { saveProposal } from '../proposal/records.js'
import type { AuthPayload, Cacao, Proposal, Session } from '../schemas/index.js'
import { setFields } from '../setFields.js'
import { calcExpiry, FIVE_MINUTES, ONE_HOUR } from '../time.js'
import { authResponseTag, createKeyPair, deleteKey, hashKey } from '../transport/keys.js'
import { newPayloadId, sendRequest } from '../transport/send.js'
import type { AuthenticateParams, AuthenticateResult } from '../types.js'
import { createRecap, decodeRecap, encodeRecap, mergeRecaps, recapFromResources } from './recap.js'
import { validateAuthenticateParams } from './validate.js'

function withMethodsRecap(resources: string[], namespace: string, methods: readonly string[]): string[] {
  if (methods.length === 0) return resources
  let recap = createRecap(namespace, 'request', methods)
  const existing = recapFromResources(resources)
  // A recap must be the last resource: an existing one is merged into ours and replaced.
  if (existing) recap = mergeRecaps(recap, decodeRecap(resources.pop() as string))
  return [...resources, encodeRecap(recap)]
}

/**
 * Dapp side: asks a wallet to sign in (CAIP-122 / SIWE) and, through the recap, to grant methods, in one
 * step. A session proposal goes along on the same pairing as a fallback for wallets without
 * `wc_sessionAuthenticate`; `response()` resolves with whichever answer comes first.
 */
export async function authenticate(
  ctx: EngineContext,
  params: AuthenticateParams,
): Promise<AuthenticateResult> {
  validateAuthenticateParams(params)
  const { chains, uri, domain, nonce, methods = [] } = params
  const { pairing, uri: connectionUri } = await createPairing(ctx, {
    methods: ['wc_sessionAuthenticate'],
    subscribe: true,
  })
  const pairingTopic = pairing.topic
  const publicKey = await createKeyPair(ctx)
  const responseTopic = await hashKey(ctx, publicKey)
  await ctx.stores.keychain.set(authResponseTag(responseTopic), publicKey)
  await ctx.relay.subscribe(responseTopic)

  const namespace = parseChainId(chains[0])?.namespace ?? 'eip155'
  const ttl = params.expiry !== undefined && params.expiry > ONE_HOUR ? params.expiry : ONE_HOUR
  const authPayload: AuthPayload = {
    type: params.type ?? 'caip122',
    chains,
    statement: params.statement ?? '',
    aud: uri,
    domain,
    version: '1',
    nonce,
    iat: new Date(ctx.clock.now()).toISOString(),
    resources: withMethodsRecap([...(params.resources ?? [])], namespace, methods),
    ...setFields(params, ['exp', 'nbf', 'requestId']),
  }
  const request = {
    authPayload,
    requester: { publicKey, metadata: ctx.metadata },
    expiryTimestamp: calcExpiry(ctx.clock, ttl),
  }
  const fallback: Proposal = {
    id: newPayloadId(ctx),
    pairingTopic,
    expiryTimestamp: calcExpiry(ctx.clock, FIVE_MINUTES),
    relays: [{ protocol: 'irn' }],
    proposer: { publicKey, metadata: ctx.metadata },
    requiredNamespaces: {},
    optionalNamespaces: {
      eip155: {
        chains,
        // personal_sign lets the dapp still do SIWE over a plain session.
        methods: [...new Set(['personal_sign', ...methods])],
        events: ['chainChanged', 'accountsChanged'],
      },
    },
  }
  const drawn = newPayloadId(ctx)
  const authenticateId = drawn === fallback.id ? drawn + 1 : drawn
  const result = deferred<{ auths?: Cacao[]; session?: Session }>()
  const approval = deferred<Session>()
  ctx.calls.openApproval(fallback.id, approval)
  ctx.calls.openAuthentication(authenticateId, {
    authPayload,
    publicKey,
    pairingTopic,
    responseTopic,
    fallbackProposalId: fallback.id,
    result,
  })
  const finish = (): void => {
    ctx.calls.settleAuthentication(authenticateId)
    ctx.relay.unsubscribe(responseTopic).catch(() => {})
    void deleteKey(ctx, authResponseTag(responseTopic))
  }
  result.promise.then(finish, finish)
  approval.promise.then(
    (session) => result.resolve({ session }),
    (error: unknown) => {
      // The fallback failing matters only while no CACAO answer is on its way.
      if (ctx.calls.authentication(authenticateId)) result.reject(error)
    },
  )
  schedule(ctx, ttl * 1000, () => result.reject(new SignClientError({ code: 0, message: 'Request expired' })))

  await saveProposal(ctx, fallback)
  try {
    await Promise.all([
      sendRequest(ctx, {
        topic: pairingTopic,
        method: 'wc_sessionAuthenticate',
        params: request,
        id: authenticateId,
        ttl: params.expiry,
      }),
      sendRequest(ctx, {
        topic: pairingTopic,
        method: 'wc_sessionPropose',
        params: fallback,
        id: fallback.id,
      }),
    ])
  } catch (error) {
    // As connect() does: the fallback, its key pair and the pairing made here go, and the relay's error is
    // the one reported; the response topic goes as the result fails.
    await abandonProposal(ctx, fallback.id, pairingTopic).catch(() => {})
    result.reject(error)
    throw error
  }
  return { uri: connectionUri, response: () => result.promise }
}
