/** An EVM chain id as EIP-1193 writes it (`0x…`), from a number, a decimal or a hex string. */
export function chainIdHex(chainId: number | string): string | undefined {
  const text = String(chainId)
  if (/^0x[0-9a-fA-F]+$/.test(text)) return `0x${BigInt(text).toString(16)}`
  if (/^[0-9]+$/.test(text)) return `0x${BigInt(text).toString(16)}`
  return undefined
}
