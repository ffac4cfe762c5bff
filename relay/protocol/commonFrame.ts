/**
 * The two frames read by hand, typed here so this file needs nothing from jsonrpc.ts (which builds on it):
 * each is a JsonRpcFrame there.
 */
export type CommonFrame =
  | { kind: 'request'; frame: { jsonrpc: '2.0'; id: string | number; method: string; params?: unknown } }
  | { kind: 'result'; frame: { jsonrpc: '2.0'; id: string | number; result: unknown } }

/**
 * The frames nearly every message is made of (a request, or the result acknowledging a push) with an id
 * the parsed JSON holds exactly, checked by hand: the schemas would accept them too and build the very
 * same frame, only slower. Undefined for anything else, which the schemas then judge and explain.
 */
export function readCommonFrame(value: object): CommonFrame | undefined {
  const frame = value as Record<string, unknown>
  const { id } = frame
  if (frame.jsonrpc !== '2.0' || !(typeof id === 'string' || Number.isSafeInteger(id))) return undefined
  const exactId = id as string | number
  if ('method' in frame) {
    const { method } = frame
    if (typeof method !== 'string' || method.length === 0) return undefined
    return {
      kind: 'request',
      frame:
        'params' in frame
          ? { jsonrpc: '2.0', id: exactId, method, params: frame.params }
          : { jsonrpc: '2.0', id: exactId, method },
    }
  }
  if ('error' in frame || !('result' in frame)) return undefined
  return { kind: 'result', frame: { jsonrpc: '2.0', id: exactId, result: frame.result } }
}
