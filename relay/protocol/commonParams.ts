import { type PublishParams, type SubscribeParams, TOPIC_PATTERN } from './methods.js'

/**
 * Params of the hot methods in the shape clients send them, checked by hand. Each reader accepts only
 * what the method's schema accepts unchanged and returns what the schema would; undefined sends the
 * params to the schema, which also words the error.
 */
export function readCommonPublishParams(params: unknown): PublishParams | undefined {
  if (!isPlainRecord(params)) return undefined
  const { topic, message, ttl, tag, prompt, attestation, correlationId } = params
  if (!isTopic(topic) || typeof message !== 'string' || message.length === 0) return undefined
  if (!(isSafeInteger(ttl) && ttl > 0)) return undefined
  if (tag !== undefined && !(isSafeInteger(tag) && tag >= 0)) return undefined
  if (prompt !== undefined && typeof prompt !== 'boolean') return undefined
  if (attestation !== undefined && attestation !== null && typeof attestation !== 'string') return undefined
  if (correlationId !== undefined && typeof correlationId !== 'string' && typeof correlationId !== 'number')
    return undefined
  const read: PublishParams = { topic, message, ttl }
  if (tag !== undefined) read.tag = tag
  if (prompt !== undefined) read.prompt = prompt
  if (attestation !== undefined) read.attestation = attestation
  if (correlationId !== undefined) read.correlationId = correlationId
  return read
}

export function readCommonSubscribeParams(params: unknown): SubscribeParams | undefined {
  if (!isPlainRecord(params) || !isTopic(params.topic)) return undefined
  return { topic: params.topic }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isTopic(value: unknown): value is string {
  return typeof value === 'string' && TOPIC_PATTERN.test(value)
}

function isSafeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value)
}
