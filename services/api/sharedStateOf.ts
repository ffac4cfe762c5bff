import { memorySharedState, type SharedState } from '../sharedState/index.js'
import type { RouteDeps } from './http/types.js'

/** The deployment's shared state, or this process's own when the routes were built without one (tests). */
export function sharedStateOf(deps: Pick<RouteDeps, 'shared'>): SharedState {
  return deps.shared ?? memorySharedState()
}
