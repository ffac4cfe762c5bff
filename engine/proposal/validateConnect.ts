import type { EngineContext } from '../context.js'
import {
  validateProperties,
  validateProposalNamespaces,
  validateRelays,
  validateScopedKeys,
} from '../namespaces/index.js'
import { assertPairingTopic, assertParams } from '../validate.js'

const DEPRECATION = 'requiredNamespaces are deprecated and are automatically assigned to optionalNamespaces'

function hasEntries(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0
}

/**
 * The checks `connect()` makes on its params, and a wallet makes on an incoming proposal: pairing usable,
 * relays valid, namespaces well formed (required ones only warned about, being deprecated), property
 * values present, and scoped keys within the requested namespaces.
 */
export async function validateConnectParams(
  ctx: EngineContext,
  params: unknown,
  options: { call: string; checkPairing: boolean },
): Promise<void> {
  assertParams(params, options.call)
  const {
    pairingTopic,
    requiredNamespaces,
    optionalNamespaces,
    sessionProperties,
    scopedProperties,
    relays,
  } = params
  if (options.checkPairing && pairingTopic !== undefined) await assertPairingTopic(ctx, pairingTopic)
  const relaysProblem = validateRelays(relays, options.call)
  if (relaysProblem) throw relaysProblem
  if (hasEntries(requiredNamespaces)) {
    ctx.logger.warn(DEPRECATION)
    const problem = validateProposalNamespaces(requiredNamespaces, options.call, 'requiredNamespaces')
    if (problem) throw problem
  }
  if (hasEntries(optionalNamespaces)) {
    const problem = validateProposalNamespaces(optionalNamespaces, options.call, 'optionalNamespaces')
    if (problem) throw problem
  }
  const sessionProblem = validateProperties(sessionProperties, 'sessionProperties')
  if (sessionProblem) throw sessionProblem
  const scopedProblem = validateProperties(scopedProperties, 'scopedProperties')
  if (scopedProblem) throw scopedProblem
  if (scopedProperties !== undefined) {
    const requested = [
      ...Object.keys((requiredNamespaces as object | undefined) ?? {}),
      ...Object.keys((optionalNamespaces as object | undefined) ?? {}),
    ]
    const problem = validateScopedKeys(scopedProperties as Record<string, unknown>, requested, 'requested')
    if (problem) throw problem
  }
}
