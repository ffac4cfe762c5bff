import { internalError } from '../errors.js'
import { parseChainId } from '../namespaces/index.js'
import type { AuthenticateParams } from '../types.js'
import { assertParams } from '../validate.js'

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/** The checks `authenticate()` makes: chains, uri, domain and nonce present; one namespace, eip155. */
export function validateAuthenticateParams(params: AuthenticateParams): void {
  assertParams(params, 'authenticate()')
  const { chains, uri, domain, nonce } = params
  if (!Array.isArray(chains) || chains.length === 0) {
    throw internalError('MISSING_OR_INVALID', 'chains is required and must be a non-empty array')
  }
  if (!isNonEmptyString(uri)) throw internalError('MISSING_OR_INVALID', 'uri is required parameter')
  if (!isNonEmptyString(domain)) throw internalError('MISSING_OR_INVALID', 'domain is required parameter')
  if (!isNonEmptyString(nonce)) throw internalError('MISSING_OR_INVALID', 'nonce is required parameter')
  const namespaces = new Set(
    chains.map((chain) => parseChainId(chain)?.namespace ?? String(chain).split(':')[0]),
  )
  if (namespaces.size > 1) {
    throw internalError(
      'MISSING_OR_INVALID',
      'Multi-namespace requests are not supported. Please request single namespace only.',
    )
  }
  if (!namespaces.has('eip155')) {
    throw internalError(
      'MISSING_OR_INVALID',
      'Only eip155 namespace is supported for authenticated sessions. Please use .connect() for non-eip155 chains.',
    )
  }
}
