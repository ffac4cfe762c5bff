/** EIP-1193 `request` bound to the chain's RPC URL: the only way the preview reaches the chain. */
export type ChainRequest = (method: string, params: readonly unknown[]) => Promise<unknown>

/**
 * What a ChainRequest throws when the chain gave no JSON-RPC answer (no connection, an HTTP error with no
 * JSON-RPC error in it): no statement about the request, so never read as the chain refusing it. It has no
 * `code` for that reason: a JSON-RPC error's code is what tells a refusal (refusalReason).
 */
export class ChainUnreachable extends Error {
  override name = 'ChainUnreachable'
}
