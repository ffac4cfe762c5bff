import type { PublishPolicy } from '../../protocol/index.js'
import type { HandlerContext } from '../connection.js'
import { messageId, type StoredMessage } from '../message.js'

export type EnvelopeInput = {
  topic: string
  message: string
  attestation?: string | null | undefined
} & Partial<PublishPolicy>

/** The mailbox entry for one envelope the caller publishes now. */
export function storedEnvelope(
  context: HandlerContext,
  input: EnvelopeInput & { ttl: number },
): StoredMessage {
  const publishedAt = context.now()
  const stored: StoredMessage = {
    id: messageId(input.topic, input.message),
    topic: input.topic,
    message: input.message,
    tag: input.tag ?? 0,
    prompt: input.prompt ?? false,
    publishedAt,
    expiresAt: publishedAt + input.ttl * 1000,
    publisherId: context.connection.clientId,
  }
  if (input.attestation) stored.attestation = input.attestation
  return stored
}
