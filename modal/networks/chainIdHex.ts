/** An EVM chain id as EIP-1193 writes it (`0x…`), from a number, a decimal or a hex string. */
export function chainIdHex(chainId: number | string): string | undefined {
  const text = String(chainId)
  if (/^0x[0-9a-fA-F]+$/.test(text)) return `0x${BigInt(text).toString(16)}`
  if (/^[0-9]+$/.test(text)) return `0x${BigInt(text).toString(16)}`
  return undefined
}

/**
 * The value `record` keys under the chain `chainId` (hex), whichever way the key writes the id: wallets
 * key EIP-5792 capabilities and EIP-7811 assets by chain ids in their own spelling.
 */
export function onChain<T>(record: Record<string, T>, chainId: string): T | undefined {
  return Object.entries(record).find(([key]) => chainIdHex(key) === chainId)?.[1]
}
