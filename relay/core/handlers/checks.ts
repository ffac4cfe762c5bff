import { RelayErrorCode, utf8LengthOver } from '../../protocol/index.js'
import type { HandlerContext } from '../connection.js'
import { mailboxBytes } from '../message.js'
import { failure, type HandlerOutcome } from './context.js'

/**
 * What the relay stores: envelopes in base64 (standard or URL-safe, as Sign clients encode them) and
 * attestations as JWTs. An allowlist, because every byte cap weighs stored text at one byte a character
 * (`textBytes`), which holds for ASCII only: a character outside it would be counted short in memory and
 * in Redis alike.
 */
const ENVELOPE_TEXT = /^[A-Za-z0-9+/_-]+={0,2}$/
const ATTESTATION_TEXT = /^[A-Za-z0-9_.-]*$/

/** The limits every publishing call shares; undefined when the call may go ahead. */
export function checkEnvelopes(
  context: HandlerContext,
  envelopes: readonly {
    message: string
    attestation?: string | null | undefined
    ttl?: number | undefined
  }[],
): HandlerOutcome | undefined {
  const { maxMessageBytes, maxTtlSeconds } = context.limits
  for (const { message, attestation, ttl } of envelopes) {
    const size = utf8LengthOver(message, maxMessageBytes)
    if (size !== undefined)
      return failure(
        RelayErrorCode.messageTooLarge,
        `Message too large: ${size} bytes, the limit is ${maxMessageBytes}`,
      )
    if (!ENVELOPE_TEXT.test(message))
      return failure(RelayErrorCode.invalidParams, 'Invalid params: a message is base64 text')
    if (attestation && !ATTESTATION_TEXT.test(attestation))
      return failure(RelayErrorCode.invalidParams, 'Invalid params: an attestation is a JWT')
    if (ttl !== undefined && ttl > maxTtlSeconds)
      return failure(
        RelayErrorCode.ttlOutOfRange,
        `TTL out of range: ${ttl} s, the limit is ${maxTtlSeconds} s`,
      )
  }
  return undefined
}

export function checkBatchSize(context: HandlerContext, size: number): HandlerOutcome | undefined {
  const { maxBatchSize } = context.limits
  if (size <= maxBatchSize) return undefined
  return failure(
    RelayErrorCode.batchTooLarge,
    `Batch too large: ${size} entries, the limit is ${maxBatchSize}`,
  )
}

/**
 * Refuses subscribing when the caller's connection, or all connections from its address, would hold more
 * topics than allowed; re-subscribing is free.
 */
export function checkTopicBudget(
  context: HandlerContext,
  topics: readonly string[],
): HandlerOutcome | undefined {
  const { connection } = context
  const added = new Set(topics.filter((topic) => !connection.hasTopic(topic))).size
  const { maxTopicsPerConnection, maxTopicsPerIp } = context.limits
  const held = connection.topicCount
  if (held + added > maxTopicsPerConnection)
    return failure(
      RelayErrorCode.tooManyTopics,
      `Too many topics: this connection would hold ${held + added}, the limit is ${maxTopicsPerConnection}`,
    )
  const fromAddress = context.addressTopicCount()
  if (fromAddress + added > maxTopicsPerIp)
    return failure(
      RelayErrorCode.tooManyTopics,
      `Too many topics: connections from this address would hold ${fromAddress + added}, the limit is ${maxTopicsPerIp}`,
    )
  return undefined
}

/**
 * Spends the caller's publish budgets (its client id's, and its address's in messages and in bytes, an
 * attestation's included); checked last so that a refused call costs nothing. The bytes are weighed as
 * the mailbox share weighs them (`mailboxBytes`), since the rate is what refills that share: a burst the
 * rate lets through then fits the share it is counted against, tiny messages or large.
 */
export function checkRate(
  context: HandlerContext,
  envelopes: readonly { message: string; attestation?: string | null | undefined }[],
): HandlerOutcome | undefined {
  const bytes = envelopes.reduce((sum, envelope) => sum + mailboxBytes(envelope), 0)
  const budget = context.takePublishTokens(envelopes.length, bytes)
  if (budget === 'granted') return undefined
  const limits = context.limits
  const what =
    budget === 'client'
      ? `${limits.publishPerSecond} publishes per second per client (bursts of ${limits.publishBurst})`
      : budget === 'address'
        ? `${limits.publishPerSecondPerIp} publishes per second per address (bursts of ${limits.publishBurstPerIp})`
        : `${limits.publishBytesPerSecondPerIp} bytes per second per address (bursts of ${limits.publishBytesBurstPerIp})`
  return failure(RelayErrorCode.rateLimited, `Rate limited: at most ${what}; retry later`)
}
