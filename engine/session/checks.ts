import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { isChainInSession, isEventAllowed, isMethodAllowed } from '../namespaces/index.js'

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
  if (!isMethodAllowed(namespaces, chainId, method)) {
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
  if (typeof name !== 'string' || name.trim() === '' || !isEventAllowed(namespaces, chainId, name)) {
    throw internalError('MISSING_OR_INVALID', `${call} event: ${JSON.stringify(event)}`)
  }
}

/** How long a wallet may take over a request, in seconds: the spec's bounds, five minutes to a week. */
export const REQUEST_EXPIRY_BOUNDARIES = { min: 300, max: 604_800 } as const

export function assertRequestExpiry(expiry: unknown): void {
  if (expiry === undefined) return
  const { min, max } = REQUEST_EXPIRY_BOUNDARIES
  if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {
    throw internalError(
      'MISSING_OR_INVALID',
      `request() expiry: ${String(expiry)}. Expiry must be a number (in seconds) between ${min} and ${max}`,
    )
  }
}
