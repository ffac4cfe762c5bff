import type { EngineContext } from './context.js'

/**
 * The key under which a `SignClient` hands over its full engine context. Kept out of engine/index.ts on
 * purpose: integrators get the read-only `SignClient.engine`; only code inside engine/ (the provider's
 * pairing attempts) and tests that prove an engine behaviour through its internals import this file.
 */
export const engineContext: unique symbol = Symbol('pairwise.engineContext')

export type HoldsEngineContext = { [engineContext](): EngineContext }

/** The engine context behind `client`; throws as the client's methods do before init or after close. */
export function engineContextOf(client: HoldsEngineContext): EngineContext {
  return client[engineContext]()
}
