import { internalError, type SignClientError } from '../errors.js'
import { MAX_PAIRING_URI_LENGTH, MAX_PAIRING_URI_METHOD_LENGTH, MAX_PAIRING_URI_METHODS } from '../limits.js'
import type { PairingUri, RelayProtocolOptions } from './types.js'

const HEX_64 = /^[0-9a-fA-F]{64}$/
/** The relay protocols a pairing may name: the one the engine speaks. */
const RELAY_PROTOCOLS: readonly string[] = ['irn']

function invalid(detail: string): SignClientError {
  return internalError('MISSING_OR_INVALID', `pair() uri ${detail}`)
}

/**
 * Parses a pairing URI strictly: every problem names the part at fault, so a user who pasted a broken
 * link learns why. Accepts the `wc:` and `wc://` forms that phones hand over.
 */
export function parsePairingUri(input: string): PairingUri {
  if (typeof input !== 'string' || input.trim() === '') throw invalid('is empty')
  if (input.length > MAX_PAIRING_URI_LENGTH)
    throw invalid(`is ${input.length} characters long, the limit is ${MAX_PAIRING_URI_LENGTH}`)
  const text = input.trim()
  if (!text.startsWith('wc:')) throw invalid(`must start with "wc:", got "${text.slice(0, 12)}"`)
  const body = text.startsWith('wc://') ? text.slice(5) : text.slice(3)
  const queryStart = body.indexOf('?')
  const path = queryStart === -1 ? body : body.slice(0, queryStart)
  const query = queryStart === -1 ? '' : body.slice(queryStart + 1)
  const at = path.indexOf('@')
  if (at === -1) throw invalid('has no version (expected "@2" after the topic)')
  const topic = path.slice(0, at)
  const version = path.slice(at + 1)
  if (version === '1') throw invalid('is a WalletConnect v1 URI, which is not supported')
  if (version !== '2') throw invalid(`has unsupported version "${version}"`)
  if (!HEX_64.test(topic)) throw invalid('topic must be 64 hex digits')

  const params = new URLSearchParams(query)
  const symKey = params.get('symKey')
  if (symKey === null) throw invalid('#symKey is missing')
  if (!HEX_64.test(symKey)) throw invalid('#symKey must be 64 hex digits')
  const relayProtocol = params.get('relay-protocol')
  if (relayProtocol === null || relayProtocol.trim() === '') throw invalid('#relay-protocol is missing')
  if (!RELAY_PROTOCOLS.includes(relayProtocol))
    throw invalid(`#relay-protocol "${relayProtocol.slice(0, 16)}" is not supported (only "irn")`)
  const relay: RelayProtocolOptions = { protocol: relayProtocol }
  const relayData = params.get('relay-data')
  if (relayData) relay.data = relayData

  const result: PairingUri = {
    protocol: 'wc',
    topic: topic.toLowerCase(),
    version: 2,
    symKey: symKey.toLowerCase(),
    relay,
  }
  const expiry = params.get('expiryTimestamp')
  if (expiry !== null) {
    if (!/^\d{1,15}$/.test(expiry)) throw invalid('#expiryTimestamp must be unix seconds')
    result.expiryTimestamp = Number(expiry)
  }
  const methods = params.get('methods')
  if (methods !== null && methods !== '') result.methods = parseMethods(methods)
  return result
}

function parseMethods(list: string): string[] {
  const methods = list
    .split(',')
    .map((method) => method.replace(/^\[|\]$/g, '').trim())
    .filter((method) => method !== '')
  if (methods.length > MAX_PAIRING_URI_METHODS)
    throw invalid(`#methods names ${methods.length} methods, the limit is ${MAX_PAIRING_URI_METHODS}`)
  const long = methods.find((method) => method.length > MAX_PAIRING_URI_METHOD_LENGTH)
  if (long !== undefined) {
    throw invalid(
      `#methods has a method of ${long.length} characters, the limit is ${MAX_PAIRING_URI_METHOD_LENGTH}`,
    )
  }
  return methods
}
