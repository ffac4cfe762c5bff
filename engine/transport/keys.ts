import {
  bytesToHex,
  decodeEnvelope,
  type EnvelopeEncoding,
  encodeEnvelope,
  hexToBytes,
  inspectEnvelope,
  randomBytes,
} from '@pairwise/crypto'
import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { held } from '../store/held.js'

/** A fresh X25519 key pair whose private half is kept in the keychain; returns the public key in hex. */
export async function createKeyPair(ctx: EngineContext): Promise<string> {
  const { privateKey, publicKey } = await ctx.crypto.generateKeyPair()
  const publicHex = bytesToHex(publicKey)
  await ctx.stores.keychain.set(publicHex, bytesToHex(privateKey))
  return publicHex
}

/** sha256 of a key in hex: how topics are named (sym keys, and public keys for response topics). */
export async function hashKey(ctx: EngineContext, keyHex: string): Promise<string> {
  return bytesToHex(await ctx.crypto.sha256(hexToBytes(keyHex)))
}

/** Stores a symmetric key under its topic (sha256 of the key unless given) and returns the topic. */
export async function storeSymKey(ctx: EngineContext, symKeyHex: string, topic?: string): Promise<string> {
  const target = topic ?? (await hashKey(ctx, symKeyHex))
  await ctx.stores.keychain.set(target, symKeyHex.toLowerCase())
  return target
}

export function randomSymKey(): string {
  return bytesToHex(randomBytes(32))
}

/** The key both sides derive from our private key (kept in the keychain) and the peer's public key. */
export async function sharedSymKey(
  ctx: EngineContext,
  selfPublicKey: string,
  peerPublicKey: string,
): Promise<string> {
  const privateKey = hexToBytes(ctx.stores.keychain.get(selfPublicKey))
  return bytesToHex(await ctx.crypto.deriveSymKey(privateKey, hexToBytes(peerPublicKey)))
}

/** Derives the session key, stores it under its topic and returns the topic. */
export async function storeSharedKey(
  ctx: EngineContext,
  selfPublicKey: string,
  peerPublicKey: string,
): Promise<string> {
  return storeSymKey(ctx, await sharedSymKey(ctx, selfPublicKey, peerPublicKey))
}

/**
 * Forgets a key. A topic's key takes with it the ids of the requests received on the topic: nothing more
 * can be opened there, so there is nothing left to replay; and what the topic spent on answers.
 */
export async function deleteKey(ctx: EngineContext, tag: string): Promise<void> {
  if (ctx.stores.keychain.has(tag)) await ctx.stores.keychain.delete(tag)
  ctx.answerBudgets.delete(tag)
  await ctx.stores.received.delete(tag)
}

/**
 * Seals a payload for a topic with the topic's key (type 0): base64 as every relay message is, base64url
 * for a link.
 */
export function sealForTopic(
  ctx: EngineContext,
  topic: string,
  payload: unknown,
  encoding: EnvelopeEncoding = 'base64',
): string {
  if (!ctx.stores.keychain.has(topic))
    throw internalError('NO_MATCHING_KEY', `keychain: no key for topic ${topic}`)
  return encodeEnvelope({
    type: 0,
    message: JSON.stringify(payload),
    symKey: hexToBytes(ctx.stores.keychain.get(topic)),
    encoding,
  })
}

/**
 * Seals a type 1 envelope: what a wallet sends back to an authenticate requester, which knows only its own
 * key pair until it reads our public key from the envelope.
 */
export function sealTypeOne(payload: unknown, symKeyHex: string, senderPublicKey: string): string {
  return encodeEnvelope({
    type: 1,
    message: JSON.stringify(payload),
    symKey: hexToBytes(symKeyHex),
    senderPublicKey: hexToBytes(senderPublicKey),
  })
}

/** The keychain tag under which a dapp keeps the public key an authenticate response is sealed for. */
export function authResponseTag(responseTopic: string): string {
  return `authResponse:${responseTopic}`
}

export function authResponseKey(ctx: EngineContext, topic: string): string | undefined {
  return held(ctx.stores.keychain, authResponseTag(topic))
}

/**
 * Opens a message for a topic (base64 from the relay, base64url from a link). Type 1 envelopes are
 * opened with the key derived from our private key `receiverPublicKey` and the sender key they carry.
 * Returns undefined for type 2 (plaintext), which we never take.
 */
export async function openMessage(
  ctx: EngineContext,
  topic: string,
  message: string,
  receiverPublicKey?: string,
  encoding: EnvelopeEncoding = 'base64',
): Promise<string | undefined> {
  const header = inspectEnvelope(message, encoding)
  if (header.type === 2) return undefined
  if (header.type === 1) {
    if (receiverPublicKey === undefined || header.senderPublicKey === undefined) {
      throw internalError('MISSING_OR_INVALID', `type 1 envelope on ${topic} without a receiver key`)
    }
    const privateKey = hexToBytes(ctx.stores.keychain.get(receiverPublicKey))
    const symKey = await ctx.crypto.deriveSymKey(privateKey, header.senderPublicKey)
    return decodeEnvelope({ encoded: message, symKey, encoding }).message
  }
  return decodeEnvelope({ encoded: message, symKey: hexToBytes(ctx.stores.keychain.get(topic)), encoding })
    .message
}
