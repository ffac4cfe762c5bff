import { internalError } from '../errors.js'
import { didAddress, didChainReference, didNamespace } from './did.js'
import { decodeRecap, recapFromResources, statementWithRecap } from './recap.js'

export type AuthMessageFields = {
  domain: string
  aud?: string
  uri?: string
  version: string
  nonce: string
  iat: string
  statement?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

const NAMESPACE_NAMES: Record<string, string> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' }

/**
 * The CAIP-122 (SIWE) message a wallet signs for `iss`, line for line as the official client formats it,
 * including the statement a recap resource adds. Statements with line breaks are refused: they could
 * forge the fields below them.
 */
export function formatAuthMessage(fields: AuthMessageFields, iss: string): string {
  const namespace = didNamespace(iss)
  if (namespace === undefined) throw internalError('MISSING_OR_INVALID', `Invalid issuer: ${iss}`)
  const audience = fields.aud || fields.uri
  if (!audience)
    throw internalError('MISSING_OR_INVALID', 'Either `aud` or `uri` is required to construct the message')
  let statement = fields.statement || undefined
  const recap = recapFromResources(fields.resources)
  if (recap) statement = statementWithRecap(statement, decodeRecap(recap))
  if (statement !== undefined && /\r|\n/.test(statement)) {
    throw internalError('MISSING_OR_INVALID', 'Statement must not contain line breaks')
  }
  const lines = [
    `${fields.domain} wants you to sign in with your ${NAMESPACE_NAMES[namespace] ?? namespace} account:`,
    didAddress(iss),
    '',
    statement,
    '',
    `URI: ${audience}`,
    `Version: ${fields.version}`,
    `Chain ID: ${didChainReference(iss)}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.iat}`,
    fields.exp ? `Expiration Time: ${fields.exp}` : undefined,
    fields.nbf ? `Not Before: ${fields.nbf}` : undefined,
    fields.requestId ? `Request ID: ${fields.requestId}` : undefined,
    fields.resources
      ? `Resources:${fields.resources.map((resource) => `\n- ${resource}`).join('')}`
      : undefined,
  ]
  return lines.filter((line) => line !== undefined).join('\n')
}
