import type { Connection } from '../state/types.js'
import { currentConnection } from './account.js'
import type { ModalContext } from './context.js'

/**
 * The EVM connection when it is the embedded (email) wallet's: the one names are registered with, and the
 * one asked for its own assets (BAL-07). Known by its connector's type: importing the connector's id would
 * split that module out of the first load's chunk.
 */
export function emailConnection(ctx: ModalContext): Connection | undefined {
  const connection = currentConnection(ctx, 'eip155')
  const connector = ctx.store.get().connectors.find((c) => c.id === connection?.connectorId)
  return connector?.type === 'AUTH' ? connection : undefined
}
