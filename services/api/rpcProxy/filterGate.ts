import { randomUUID } from 'node:crypto'
import type { FilterOwners } from './filterOwners.js'
import type { JsonRpcAnswer, JsonRpcCall } from './jsonRpc.js'
import type { CallState } from './jsonRpcForwarding.js'

const creating: ReadonlySet<string> = new Set([
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
])
/** The methods that name a filter by the id its creation answered. */
const naming: ReadonlySet<string> = new Set([
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
])

/** A filter the client does not hold: geth's own answer for an unknown or expired id, which clients know. */
const filterNotFound = (id: JsonRpcCall['id']): JsonRpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32000, message: 'filter not found' },
})

/** EIP-1474's -32005: viem then watches events with eth_getLogs instead of a filter. */
const tooManyFilters = (id: JsonRpcCall['id'], perClient: number): JsonRpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: {
    code: -32005,
    message: `Limit exceeded: at most ${perClient} live filters per client; uninstall one (eth_uninstallFilter) or let one expire (5 minutes unused)`,
  },
})

/** The filter calls: those that make a filter, and those that name one. */
export const tracksFilter = ({ method }: JsonRpcCall): boolean => creating.has(method) || naming.has(method)

/**
 * The filter calls of one request by `owner` (a client key) on `chain`: a creation takes one of the client's
 * slots and binds the id the node answers to it; a read or uninstall of an id the client does not hold is
 * answered 'filter not found' without reaching the node, as if the id did not exist.
 */
export function filterGate(owners: FilterOwners, owner: string, chain: string, perClient: number): CallState {
  const slots = new Map<JsonRpcCall, string>()
  const filterKey = (filterId: string) => `${chain} ${filterId}`
  return {
    async before(call) {
      if (creating.has(call.method)) {
        const slot = `slot ${randomUUID()}`
        if (!(await owners.reserve(owner, slot))) return tooManyFilters(call.id, perClient)
        slots.set(call, slot)
        return undefined
      }
      const filterId = Array.isArray(call.params) ? call.params[0] : undefined
      if (typeof filterId !== 'string' || !(await owners.touch(owner, filterKey(filterId))))
        return filterNotFound(call.id)
      // Forgotten before the node is asked: whatever it answers, the id is no longer the client's.
      if (call.method === 'eth_uninstallFilter') await owners.release(owner, filterKey(filterId))
      return undefined
    },
    async after(call, answer) {
      const slot = slots.get(call)
      if (slot === undefined) return
      slots.delete(call)
      if (answer !== undefined && 'result' in answer && typeof answer.result === 'string')
        await owners.bind(owner, slot, filterKey(answer.result))
      else await owners.release(owner, slot)
    },
  }
}
