import type { SignInFields } from './types.js'

/** The `Label: value` lines of a sign-in message, in EIP-4361 order (every CAIP-122 profile uses it). */
export const FIELD_LABELS = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
] as const

export const RESOURCES_LABEL = 'Resources:'

/**
 * `eip4361`: a blank line, the statement (or nothing), a blank line, then the fields: with no statement
 * the address is followed by three line feeds, as EIP-4361 and CAIP-122 write it.
 * `siws`: the statement and the field block each come after a blank line only when present (SIWS).
 */
export type SignInLayoutStyle = 'eip4361' | 'siws'

export const headerLine = (domain: string, blockchain: string): string =>
  `${domain} wants you to sign in with your ${blockchain} account:`

/** The message text for fields already checked; absent fields are left out, `resources: []` keeps its label. */
export function layoutSignInMessage(
  fields: SignInFields,
  blockchain: string,
  style: SignInLayoutStyle,
): string {
  const domain = fields.scheme === undefined ? fields.domain : `${fields.scheme}://${fields.domain}`
  const block: string[] = []
  for (const [key, label] of FIELD_LABELS) {
    const value = fields[key]
    if (value !== undefined) block.push(`${label}: ${value}`)
  }
  if (fields.resources !== undefined) {
    block.push(RESOURCES_LABEL, ...fields.resources.map((resource) => `- ${resource}`))
  }
  const lines = [headerLine(domain, blockchain), fields.address]
  if (style === 'eip4361') {
    lines.push('', ...(fields.statement === undefined ? [] : [fields.statement]), '', ...block)
  } else {
    if (fields.statement !== undefined) lines.push('', fields.statement)
    if (block.length > 0) lines.push('', ...block)
  }
  return lines.join('\n')
}
