import * as z from 'zod/mini'
import { TOPIC_PATTERN } from '../protocol/methods.js'
import { sha256Hex } from './sha256Hex.js'

/** One envelope in a topic's mailbox, with what the relay needs to expire and route it. */
export type StoredMessage = {
  /** sha256(topic ‖ message): the same envelope published twice (a client retry) is one message. */
  id: string
  topic: string
  message: string
  tag: number
  prompt: boolean
  attestation?: string
  /** Unix milliseconds. */
  publishedAt: number
  /** Unix milliseconds; the message is dropped from then on. */
  expiresAt: number
  /** Client id of the publisher, who never gets the message back. */
  publisherId: string
}

/**
 * For messages read back from a store another process wrote (SQLite file, Redis). In zod, which the
 * server's own schemas compose with; topic, message and tag are checked as the wire's schemas check them.
 */
export const StoredMessageSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  topic: z.string().check(z.regex(TOPIC_PATTERN, 'a topic is 64 lowercase hex digits')),
  message: z.string().check(z.minLength(1, 'the message is empty')),
  tag: z.int().check(z.nonnegative()),
  prompt: z.boolean(),
  attestation: z.optional(z.string()),
  publishedAt: z.int().check(z.nonnegative()),
  expiresAt: z.int().check(z.nonnegative()),
  publisherId: z.string().check(z.minLength(1)),
}) satisfies z.ZodMiniType<StoredMessage>

type MessageText = { message: string; attestation?: string | null | undefined }

/**
 * What a message's text weighs in a frame: its envelope and the attestation kept and sent beside it,
 * which a publisher makes as large as it likes within a frame (one byte a character: both are ASCII, the
 * only text the publishing calls take).
 */
export function textBytes({ message, attestation }: MessageText): number {
  return message.length + (attestation?.length ?? 0)
}

/** What `messages` weigh together in a frame (`textBytes`). */
export function totalTextBytes(messages: readonly MessageText[]): number {
  let bytes = 0
  for (const message of messages) bytes += textBytes(message)
  return bytes
}

/**
 * What holding a message costs a store beyond its text: its id, topic and publisher strings, the
 * objects, index and expiry entries that carry it. Measured in the memory store with 3-byte envelopes,
 * one topic per message and one publisher for all: 564 bytes of heap per message, and 31 more in the
 * per-address expiry queue; rounded up. Without it a mailbox cap in bytes of text would let an address
 * keep millions of tiny messages, gigabytes of memory, within a share of a few megabytes.
 */
export const MESSAGE_OVERHEAD_BYTES = 600

/**
 * What a message weighs against the mailbox caps (an address's share, the store's total) and the publish
 * bytes that refill the share: its text and the fixed cost of holding it.
 */
export function mailboxBytes(message: MessageText): number {
  return textBytes(message) + MESSAGE_OVERHEAD_BYTES
}

export function messageId(topic: string, message: string): string {
  return sha256Hex(`${topic}${message}`)
}

/** What a client subscribed to `topic` is told it will be known by; the official client computes the same. */
export function subscriptionId(topic: string, clientId: string): string {
  return sha256Hex(`${topic}${clientId}`)
}
