/** EIP-1193 `request` bound to the chain's RPC URL: the only way the preview reaches the chain. */
export type ChainRequest = (method: string, params: readonly unknown[]) => Promise<unknown>
