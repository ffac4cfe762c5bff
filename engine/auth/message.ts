import { internalError } from '../errors.js'
import { layoutSignInMessage } from '../siwx/layout.js'
import type { SignInFields } from '../siwx/types.js'
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
 * including the statement a recap resource adds. Fields with line breaks are refused: they could forge
 * the lines below them, showing the signer, and the verifier reading the fields, other terms.
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
  const address = didAddress(iss)
  if (address === undefined) throw internalError('MISSING_OR_INVALID', `Invalid issuer: ${iss}`)
  const signIn: SignInFields = {
    domain: fields.domain,
    address,
    statement,
    uri: audience,
    version: fields.version,
    chainId: didChainReference(iss),
    nonce: fields.nonce,
    issuedAt: fields.iat,
    expirationTime: fields.exp || undefined,
    notBefore: fields.nbf || undefined,
    requestId: fields.requestId || undefined,
    resources: fields.resources,
  }
  // U+2028 and U+2029 too: a wallet's text view may break lines there.
  if (/[\r\n\u2028\u2029]/.test(Object.values(signIn).flat().join())) {
    throw internalError('MISSING_OR_INVALID', 'Message fields must not contain line breaks')
  }
  return layoutSignInMessage(signIn, NAMESPACE_NAMES[namespace] ?? namespace, 'eip4361')
}
