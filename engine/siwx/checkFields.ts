import { SiwxMessageError } from './errors.js'
import { isDateTime, isDomain, isNonce, isRequestId, isScheme, isStatement, isUri } from './grammar.js'
import type { SignInProfile } from './profiles.js'
import type { SignInFields } from './types.js'

const fail = (field: string, message: string): never => {
  throw new SiwxMessageError(message, field)
}

/**
 * Every value against its grammar and the profile's required fields, in message order, so the first
 * error names the first bad field. `addressField` is what the caller calls the address; `producing` is
 * true when we write the message rather than read one.
 */
export function checkSignInFields(
  fields: SignInFields,
  profile: SignInProfile,
  addressField: string,
  producing: boolean,
): void {
  if (fields.scheme !== undefined && !isScheme(fields.scheme))
    fail('scheme', 'Scheme is not an RFC 3986 scheme')
  // The ERC-4361 erratum: `user@host` reads to people as another site than `host`. The grammar allows it,
  // so such a message parses (and then matches no allowed domain); we never write one.
  if (producing && fields.domain.includes('@')) fail('domain', 'Domain must not contain userinfo@')
  if (!isDomain(fields.domain))
    fail('domain', 'Domain must be an RFC 3986 authority (host and optional port)')
  if (!profile.address.test(fields.address)) fail(addressField, `Address must be ${profile.address.rule}`)
  const { statement } = fields
  if (statement !== undefined && /[\r\n]/.test(statement))
    fail('statement', 'Statement must not contain line breaks')
  if (statement !== undefined && !isStatement(statement)) {
    fail('statement', 'Statement may hold only RFC 3986 reserved, unreserved and space characters')
  }
  for (const field of profile.required) {
    if (fields[field] === undefined) fail(field, `Message field ${field} is required`)
  }
  if (fields.uri !== undefined && !isUri(fields.uri)) fail('uri', 'URI must be an RFC 3986 URI')
  if (fields.version !== undefined && fields.version !== '1') fail('version', 'Version must be 1')
  if (fields.chainId !== undefined && !profile.chainId.test(fields.chainId)) {
    fail('chainId', `Chain ID must be ${profile.chainId.rule}`)
  }
  if (fields.nonce !== undefined && !isNonce(fields.nonce))
    fail('nonce', 'Nonce must be at least 8 letters or digits')
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = fields[field]
    if (value !== undefined && !isDateTime(value))
      fail(field, `Message field ${field} must be an RFC 3339 date-time`)
  }
  if (fields.requestId !== undefined && !isRequestId(fields.requestId)) {
    fail('requestId', 'Request ID may hold only RFC 3986 pchar characters')
  }
  fields.resources?.forEach((resource, index) => {
    if (!isUri(resource)) fail('resources', `Resource ${index + 1} must be an RFC 3986 URI`)
  })
}
