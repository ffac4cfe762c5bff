import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { isAllowedOnChain, isChainInSession } from '../namespaces/index.js'
import { FIVE_MINUTES, SEVEN_DAYS } from '../time.js'

/** The request's chain is in the session and its method is approved on that chain. */
export function assertRequestAllowed(
  ctx: EngineContext,
  topic: string,
  chainId: unknown,
  request: unknown,
  call: string,
): void {
  const { namespaces } = ctx.stores.sessions.get(topic)
  if (typeof chainId !== 'string' || !isChainInSession(namespaces, chainId)) {
    throw internalError('MISSING_OR_INVALID', `${call} chainId: ${String(chainId)}`)
  }
  const method = (request as { method?: unknown } | undefined)?.method
  if (typeof method !== 'string' || method.trim() === '') {
    throw internalError('MISSING_OR_INVALID', `${call} ${JSON.stringify(request)}`)
  }
  if (!isAllowedOnChain(namespaces, chainId, 'methods', method)) {
    throw internalError('MISSING_OR_INVALID', `${call} method: ${method}`)
  }
}

/** The event's chain is in the session and the event is approved on that chain. */
export function assertEventAllowed(
  ctx: EngineContext,
  topic: string,
  chainId: unknown,
  event: unknown,
  call: string,
): void {
  const { namespaces } = ctx.stores.sessions.get(topic)
  if (typeof chainId !== 'string' || !isChainInSession(namespaces, chainId)) {
    throw internalError('MISSING_OR_INVALID', `${call} chainId: ${String(chainId)}`)
  }
  const name = (event as { name?: unknown } | undefined)?.name
  if (
    typeof name !== 'string' ||
    name.trim() === '' ||
    !isAllowedOnChain(namespaces, chainId, 'events', name)
  ) {
    throw internalError('MISSING_OR_INVALID', `${call} event: ${JSON.stringify(event)}`)
  }
}

/** How long a wallet may take over a request, in seconds: the spec's bounds, five minutes to a week. */
export const MIN_REQUEST_EXPIRY = FIVE_MINUTES
export const MAX_REQUEST_EXPIRY = SEVEN_DAYS

export function assertRequestExpiry(expiry: unknown): void {
  if (expiry === undefined) return
  // Written so that NaN, which no comparison holds for, is refused too.
  if (typeof expiry !== 'number' || !(expiry >= MIN_REQUEST_EXPIRY && expiry <= MAX_REQUEST_EXPIRY)) {
    throw internalError(
      'MISSING_OR_INVALID',
      `request() expiry: ${String(expiry)}. Expiry must be a number (in seconds) between ${MIN_REQUEST_EXPIRY} and ${MAX_REQUEST_EXPIRY}`,
    )
  }
}
