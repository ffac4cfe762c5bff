import type { PublishPolicy } from '../../../protocol/index.js'
import { messageId, type StoredMessage } from '../message.js'
import type { HandlerContext } from './context.js'

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
  return {
    id: messageId(input.topic, input.message),
    topic: input.topic,
    message: input.message,
    tag: input.tag ?? 0,
    prompt: input.prompt ?? false,
    ...(input.attestation ? { attestation: input.attestation } : {}),
    publishedAt,
    expiresAt: publishedAt + input.ttl * 1000,
    publisherId: context.connection.clientId,
  }
}
