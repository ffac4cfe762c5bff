import type { EngineContext } from '../context.js'
import { isSessionCompatible } from '../namespaces/index.js'
import type { Session } from '../schemas/index.js'
import type { FindParams } from '../types.js'

/** Sessions that grant everything in `requiredNamespaces`. */
export function find(ctx: EngineContext, params: FindParams): Session[] {
  return ctx.stores.sessions
    .getAll()
    .filter((session) => isSessionCompatible(session.namespaces, params.requiredNamespaces))
}
