import { internalError, type SignClientError, sdkError } from '../errors.js'
import {
  isValidAccountId,
  isValidChainId,
  isValidNamespaceName,
  namespaceOfKey,
  parseAccountId,
  parseChainId,
} from './caip.js'

// Validators take `unknown` because they guard what users and peers hand us; each returns the first
// problem as an error with the protocol's code (spec: "the first one caught"), or null when valid.

type Problem = SignClientError | null

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '')
}

function validateKey(key: string, context: string): Problem {
  const valid = key.includes(':') ? isValidChainId(key) : isValidNamespaceName(key)
  return valid
    ? null
    : sdkError('UNSUPPORTED_NAMESPACE_KEY', `${context}, namespace key ${key} must match CAIP-2`)
}

function validateActions(value: Record<string, unknown>, context: string): Problem {
  if (!isStringArray(value.methods)) {
    return sdkError(
      'UNSUPPORTED_METHODS',
      `${context}, methods should be an array of strings or empty array for no methods`,
    )
  }
  if (!isStringArray(value.events)) {
    return sdkError(
      'UNSUPPORTED_EVENTS',
      `${context}, events should be an array of strings or empty array for no events`,
    )
  }
  return null
}

function validateProposalChains(key: string, value: Record<string, unknown>, context: string): Problem {
  const chains = key.includes(':') ? [key] : value.chains
  if (!Array.isArray(chains) || chains.length === 0) {
    return sdkError(
      'UNSUPPORTED_CHAINS',
      `${context}, chains must be defined as "namespace:chainId" e.g. "eip155:1": {...} in the namespace key OR as an array of CAIP-2 chainIds e.g. eip155: { chains: ["eip155:1", "eip155:5"] }`,
    )
  }
  const namespace = namespaceOfKey(key)
  for (const chain of chains) {
    const parsed = parseChainId(chain)
    if (parsed === undefined) {
      return sdkError(
        'UNSUPPORTED_CHAINS',
        `${context}, chain ${String(chain)} should be a string and conform to "namespace:chainId" format`,
      )
    }
    if (parsed.namespace !== namespace) {
      return sdkError('UNSUPPORTED_CHAINS', `${context}, chain ${chain} is not in namespace ${namespace}`)
    }
  }
  return null
}

/**
 * A map of namespaces, as proposals and sessions share it: not empty, each key CAIP-2 (told with `where`),
 * each entry an object with its methods and events, then what `check` asks of an entry of its kind.
 */
function validateNamespaceMap(
  input: unknown,
  context: string,
  type: string,
  where: string,
  check: (key: string, value: Record<string, unknown>) => Problem,
): Problem {
  if (!isPlainObject(input) || Object.keys(input).length === 0) {
    return internalError('MISSING_OR_INVALID', `${context}, ${type} should be an object with data`)
  }
  for (const [key, value] of Object.entries(input)) {
    const keyProblem = validateKey(key, where)
    if (keyProblem) return keyProblem
    if (!isPlainObject(value)) {
      return internalError('MISSING_OR_INVALID', `${where}, namespace ${key} should be an object`)
    }
    const problem = validateActions(value, `${context}, namespace`) ?? check(key, value)
    if (problem) return problem
  }
  return null
}

/** Required or optional namespaces of a proposal (`connect()` params or an incoming proposal). */
export function validateProposalNamespaces(input: unknown, context: string, type: string): Problem {
  const where = `${context} ${type}`
  return validateNamespaceMap(input, context, type, where, (key, value) =>
    validateProposalChains(key, value, where),
  )
}

/** Approved namespaces of a session (`approve()`, `update()`, an incoming settle or update). */
export function validateSessionNamespaces(input: unknown, context: string): Problem {
  return validateNamespaceMap(input, context, 'namespaces', context, (key, { accounts, chains }) => {
    if (!Array.isArray(accounts)) {
      return sdkError(
        'UNSUPPORTED_ACCOUNTS',
        `${context} namespace, accounts should be an array of strings conforming to "namespace:chainId:address" format`,
      )
    }
    const namespace = namespaceOfKey(key)
    for (const account of accounts) {
      if (!isValidAccountId(account)) {
        return sdkError(
          'UNSUPPORTED_ACCOUNTS',
          `${context} namespace, account ${String(account)} should be a string and conform to "namespace:chainId:address" format`,
        )
      }
      if (parseAccountId(account)?.namespace !== namespace) {
        return sdkError(
          'UNSUPPORTED_ACCOUNTS',
          `${context} namespace, account ${account} is not in ${namespace}`,
        )
      }
    }
    if (chains !== undefined && (!Array.isArray(chains) || !chains.every(isValidChainId))) {
      return sdkError('UNSUPPORTED_CHAINS', `${context} namespace ${key}, chains must be CAIP-2 chain ids`)
    }
    return null
  })
}

/** Session and scoped property values must all be present: `null`/`undefined` values are refused. */
export function validateProperties(input: unknown, type: string): Problem {
  if (input === undefined) return null
  if (!isPlainObject(input)) return internalError('MISSING_OR_INVALID', `${type} should be an object`)
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) {
      return internalError(
        'MISSING_OR_INVALID',
        `${type} must contain an existing value for each key. Received: ${value} for key ${key}`,
      )
    }
  }
  return null
}

/** Scoped property keys (`eip155` or `eip155:1`) must name a namespace among `allowed`. */
export function validateScopedKeys(
  scoped: Record<string, unknown>,
  allowed: string[],
  kind: string,
): Problem {
  const namespaces = new Set(allowed.map(namespaceOfKey))
  const valid = Object.keys(scoped).every((key) => namespaces.has(namespaceOfKey(key)))
  if (valid) return null
  return internalError(
    'MISSING_OR_INVALID',
    `Scoped properties must be a subset of ${kind} namespaces, received: ${JSON.stringify(scoped)}, ${kind} namespaces: ${[...namespaces].join(', ')}`,
  )
}

/** A `relays` list of a proposal: absent, or a non-empty list of `{protocol}` objects. */
export function validateRelays(input: unknown, context: string): Problem {
  if (input === undefined) return null
  const ok =
    Array.isArray(input) &&
    input.length > 0 &&
    input.every(
      (relay) => isPlainObject(relay) && typeof relay.protocol === 'string' && relay.protocol !== '',
    )
  return ok ? null : internalError('MISSING_OR_INVALID', `${context} relays: ${JSON.stringify(input)}`)
}

/** A reason for reject/disconnect: `{code: number, message: string}` with both present. */
export function isValidErrorReason(input: unknown): input is { code: number; message: string } {
  return (
    isPlainObject(input) &&
    typeof input.code === 'number' &&
    Number.isFinite(input.code) &&
    input.code !== 0 &&
    typeof input.message === 'string' &&
    input.message.trim() !== ''
  )
}
