import type { RelayMessage } from '@pairwise/relay'
import { onAuthenticateRequest, onAuthenticateResponse } from '../auth/inbound.js'
import { type EngineContext, schedule } from '../context.js'
import { classifyPayload, type JsonRpcRequest, type JsonRpcResponse } from '../jsonrpc/index.js'
import { linkModeUniversalLink, peerLinkOf } from '../linkMode/target.js'
import { onPairingDelete, onPairingPing, onUnknownPairingMethod } from '../pairing/onRequest.js'
import { onProposeRequest } from '../proposal/onProposeRequest.js'
import { onProposeResponse } from '../proposal/onProposeResponse.js'
import type { HistoryRecord } from '../schemas/index.js'
import { onDeleteRequest } from '../session/disconnect.js'
import { onEventRequest } from '../session/emit.js'
import { onExtendRequest } from '../session/extend.js'
import { onSessionRequest } from '../session/onSessionRequest.js'
import { onSettleRequest } from '../session/onSettleRequest.js'
import { onSettleResponse } from '../session/onSettleResponse.js'
import { onPingRequest } from '../session/ping.js'
import { onUpdateRequest } from '../session/update.js'
import { held } from '../store/held.js'
import { authResponseKey, openMessage } from '../transport/keys.js'
import { keptOnceAnswered } from '../transport/send.js'
import { sha256Hex } from '../verify/sha256Hex.js'
import type { IncomingRequest } from './incomingRequest.js'
import { receiveOnce } from './replay.js'

/** How a message reached us: published on the relay, or carried by a link (link mode, base64url). */
export type Transport = 'relay' | 'link_mode'

/** Queues a relay message; messages are handled strictly one after another, in arrival order. */
export function onRelayMessage(ctx: EngineContext, message: RelayMessage): void {
  enqueue(ctx, message, 'relay')
}

/** Queues a message a link carried, in the same line as the relay's. */
export function onLinkModeMessage(
  ctx: EngineContext,
  message: Pick<RelayMessage, 'topic' | 'message'>,
): void {
  enqueue(ctx, message, 'link_mode')
}

function enqueue(ctx: EngineContext, message: InboundMessage, transport: Transport): void {
  ctx.inbound = ctx.inbound
    .then(() => handleMessage(ctx, message, transport))
    .catch((error: unknown) =>
      ctx.logger.error('failed to handle a message', {
        topic: message.topic,
        transport,
        error: String(error),
      }),
    )
}

type InboundMessage = Pick<RelayMessage, 'topic' | 'message'> & Partial<Pick<RelayMessage, 'attestation'>>

async function handleMessage(
  ctx: EngineContext,
  inbound: InboundMessage,
  transport: Transport,
): Promise<void> {
  if (ctx.closed) return
  const { topic, message, attestation } = inbound
  const receiverPublicKey = authResponseKey(ctx, topic)
  if (!ctx.stores.keychain.has(topic) && receiverPublicKey === undefined) {
    ctx.logger.debug('message on a topic we hold no key for', { topic, transport })
    return
  }
  const encoding = transport === 'relay' ? 'base64' : 'base64url'
  const text = await openMessage(ctx, topic, message, receiverPublicKey, encoding)
  if (text === undefined) {
    // The official clients take plaintext by link; anyone can open a link to us, so we take only sealed ones.
    ctx.logger.warn('ignored a plaintext (type 2) envelope', { topic, transport })
    return
  }
  if (transport === 'link_mode') {
    const peerLink = peerLinkOf(ctx, topic)
    if (peerLink && linkModeUniversalLink(ctx.metadata)) await ctx.linkModeApps.add(peerLink)
  }
  const classified = classifyPayload(JSON.parse(text))
  if (classified.kind === 'unknown') {
    ctx.logger.error('dropped a message that is not JSON-RPC', { topic, transport })
    return
  }
  if (classified.kind === 'request') {
    // A sign-in's response topic is for its answer alone: a request there would be taken from a topic no
    // pairing or session of ours owns.
    if (receiverPublicKey !== undefined) {
      ctx.logger.warn('dropped a request on a sign-in response topic', { topic, transport })
      return
    }
    if (isOwnRequest(ctx, topic, classified.payload)) {
      ctx.logger.warn('dropped a request of our own handed back to us', { topic, transport })
      return
    }
    if (!(await receiveOnce(ctx, topic, classified.payload))) {
      ctx.logger.warn('dropped a request taken before on its topic: a replay', {
        topic,
        id: classified.payload.id,
        transport,
      })
      return
    }
    await routeRequest(ctx, {
      topic,
      payload: classified.payload,
      attestation,
      encryptedId: await sha256Hex(ctx.crypto, message),
    })
    return
  }
  await routeResponse(ctx, topic, classified.payload)
}

async function routeRequest(ctx: EngineContext, incoming: IncomingRequest): Promise<void> {
  const { topic, payload } = incoming
  switch (payload.method) {
    case 'wc_sessionSettle':
      return onSettleRequest(ctx, topic, payload)
    case 'wc_sessionUpdate':
      return onUpdateRequest(ctx, topic, payload)
    case 'wc_sessionExtend':
      return onExtendRequest(ctx, topic, payload)
    case 'wc_sessionPing':
      return onPingRequest(ctx, topic, payload)
    case 'wc_sessionDelete':
      return onDeleteRequest(ctx, topic, payload)
    case 'wc_sessionRequest':
      return onSessionRequest(ctx, incoming)
    case 'wc_sessionEvent':
      return onEventRequest(ctx, topic, payload)
    default:
      // Pairing calls, proposals and sign-in requests count only on a pairing's topic: a peer that sent
      // wc_pairingDelete on a session's topic would otherwise drop the session's key and leave a session
      // nobody can end, and one proposing there could prompt the wallet's user for as long as the session
      // lasts, where a pairing is held five minutes once used.
      if (!ctx.stores.pairings.has(topic)) {
        ctx.logger.info('unsupported request method', { topic, method: payload.method })
        return
      }
      if (payload.method === 'wc_sessionPropose') {
        if (!isFallbackToIgnore(ctx, topic)) await onProposeRequest(ctx, incoming)
        return
      }
      if (payload.method === 'wc_sessionAuthenticate') return onAuthenticateRequest(ctx, incoming)
      if (payload.method === 'wc_pairingPing') return onPairingPing(ctx, topic, payload)
      if (payload.method === 'wc_pairingDelete') return onPairingDelete(ctx, topic, payload)
      return onUnknownPairingMethod(ctx, topic, payload)
  }
}

/**
 * Whether a request is one we sent on `topic`: an honest relay never hands a client what it published, a
 * hostile one may, and the sealed envelope opens as though the peer had sent it. Our ids never repeat, so
 * the peer's request matches only if it drew our very id, method and topic in one millisecond.
 */
function isOwnRequest(ctx: EngineContext, topic: string, { id, method }: JsonRpcRequest): boolean {
  const record = sentRequest(ctx, id)
  return record?.topic === topic && record.method === method
}

/** Our request of id `id`, while the history keeps it. */
function sentRequest(ctx: EngineContext, id: number): HistoryRecord | undefined {
  return held(ctx.stores.history, String(id))
}

/**
 * Whether `topic` is where the answer to a request of ours may come: the topic it was sent on, or for a
 * sign-in the response topic made for that very request (a wallet answers there, sealed to its key). An
 * answer on any other topic is a peer's guess at an id it was never asked under.
 */
function answersOn(ctx: EngineContext, record: HistoryRecord, topic: string): boolean {
  if (record.topic === topic) return true
  return (
    record.method === 'wc_sessionAuthenticate' && ctx.calls.authentication(record.id)?.responseTopic === topic
  )
}

async function routeResponse(ctx: EngineContext, topic: string, payload: JsonRpcResponse): Promise<void> {
  const key = String(payload.id)
  const record = sentRequest(ctx, payload.id)
  if (record === undefined || record.answered || !answersOn(ctx, record, topic)) {
    ctx.logger.debug('answer to no request of ours', { topic, id: payload.id })
    return
  }
  if (keptOnceAnswered(record.method)) await ctx.stores.history.set(key, { ...record, answered: true })
  else await ctx.stores.history.delete(key)
  const deliver = (): void => void ctx.calls.answer(payload)
  switch (record.method) {
    case 'wc_sessionPropose':
      return onProposeResponse(ctx, topic, payload)
    case 'wc_sessionSettle':
      await onSettleResponse(ctx, topic, payload)
      return deliver()
    case 'wc_sessionAuthenticate':
      return onAuthenticateResponse(ctx, payload)
    case 'wc_sessionPing':
    case 'wc_pairingPing':
      // The official clients hold a ping's answer back for 500 ms; peers' timing expectations follow.
      return schedule(ctx, ctx.timings.pingResponseDelayMs, deliver)
    default:
      return deliver()
  }
}

/**
 * A pairing (`topic`) made for `authenticate()` also carries a fallback proposal. A wallet that handles
 * sign-in requests answers those and ignores the proposal, as the official wallet does.
 */
function isFallbackToIgnore(ctx: EngineContext, topic: string): boolean {
  const methods = ctx.stores.pairings.get(topic).methods
  if (methods === undefined || methods.includes('wc_sessionPropose')) return false
  return methods.includes('wc_sessionAuthenticate') && ctx.events.listenerCount('session_authenticate') > 0
}
