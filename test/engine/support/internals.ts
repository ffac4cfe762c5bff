import type { EngineContext } from '../../../engine/context.js'
import { engineContextOf } from '../../../engine/contextOf.js'
import type { SignClient } from '../../../engine/index.js'

// The one test seam into a client's engine context, which `SignClient.engine` (the read-only view)
// deliberately does not give. Each helper is here because the behaviour it serves has no public handle.

/**
 * Runs the expirer's check now. Tests move a `movableClock`, which moves the engine's idea of time but
 * not the real timer the expirer armed, so the check that timer would make is made by hand.
 */
export function runExpirer(client: SignClient): void {
  engineContextOf(client).expirer.check()
}

/** Resolves once every inbound message (relay or link) received so far has been handled. */
export function inboundHandled(client: SignClient): Promise<void> {
  return engineContextOf(client).inbound
}

/** Proposal ids whose `connect()` approval is still waited on: none may leak past an abort. */
export function openApprovals(client: SignClient): number[] {
  return engineContextOf(client).calls.approvalIds()
}

/**
 * The whole context, for a test that must arrange a state no public call reaches (a lost key, a record
 * widened on one side only); say why where it is used.
 */
export function engineOf(client: SignClient): EngineContext {
  return engineContextOf(client)
}
