import { siwxNamespace } from './chainReference.js'
import { SiwxMessageError } from './errors.js'
import { signInFieldsFromData } from './format.js'
import { parseSiwxMessage } from './parse.js'
import type { SIWXMessageData, SignInFields } from './types.js'

// Message order; the name is the data's, since the caller compares against its data.
const COMPARED = [
  ['scheme', 'domain'],
  ['domain', 'domain'],
  ['address', 'accountAddress'],
  ['statement', 'statement'],
  ['uri', 'uri'],
  ['version', 'version'],
  ['chainId', 'chainId'],
  ['nonce', 'nonce'],
  ['issuedAt', 'issuedAt'],
  ['expirationTime', 'expirationTime'],
  ['notBefore', 'notBefore'],
  ['requestId', 'requestId'],
] as const

// SIWS writes a cluster either bare or with its `solana:` prefix.
const sameChain = (written: string | undefined): string | undefined => written?.replace(/^solana:/, '')

/**
 * Parses `message` in the format of `data.chainId`'s namespace and requires it to say exactly what `data`
 * says; throws SiwxMessageError naming the first field (in message order) that differs.
 */
export function matchSiwxMessage(message: string, data: SIWXMessageData): SignInFields {
  const namespace = siwxNamespace(data.chainId)
  const parsed = parseSiwxMessage(message, namespace)
  const expected = signInFieldsFromData(data)
  for (const [key, field] of COMPARED) {
    const same =
      key === 'chainId' ? sameChain(parsed[key]) === sameChain(expected[key]) : parsed[key] === expected[key]
    if (!same) throw new SiwxMessageError(`Message field ${field} does not match the data`, field)
  }
  const resources = (parsed.resources ?? []).join('\n')
  if (resources !== (expected.resources ?? []).join('\n')) {
    throw new SiwxMessageError('Message field resources does not match the data', 'resources')
  }
  return parsed
}
