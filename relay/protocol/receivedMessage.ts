import type { ReceivedMessage } from './methods.js'

/** What a subscriber is sent of a stored message: its wire fields, an empty attestation left out. */
export function receivedMessage({
  topic,
  message,
  publishedAt,
  tag,
  attestation,
}: ReceivedMessage): ReceivedMessage {
  const data: ReceivedMessage = { topic, message, publishedAt, tag }
  if (attestation) data.attestation = attestation
  return data
}

/**
 * `JSON.stringify(receivedMessage(fields))`, written without first copying the fields into an object of
 * their own: a push's `data`, made once for every message the relay pushes.
 */
export function receivedMessageText({
  topic,
  message,
  publishedAt,
  tag,
  attestation,
}: ReceivedMessage): string {
  const attested = attestation ? `,"attestation":${JSON.stringify(attestation)}` : ''
  return `{"topic":${JSON.stringify(topic)},"message":${JSON.stringify(message)},"publishedAt":${JSON.stringify(publishedAt)},"tag":${JSON.stringify(tag)}${attested}}`
}
