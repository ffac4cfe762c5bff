import { decodeFunctionData, type Hex, hexToBytes, parseAbi } from 'viem'

/** The resolver profiles the gateway answers, inside an ENSIP-10 `resolve(bytes name, bytes data)`. */
export const resolverProfilesAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function name(bytes32 node) view returns (string)',
])

const extendedResolverAbi = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)'])

export type ResolverCall =
  | { kind: 'addr'; node: Hex }
  | { kind: 'addrOfCoin'; node: Hex; coinType: bigint }
  | { kind: 'text'; node: Hex; key: string }
  | { kind: 'name'; node: Hex }

export type ResolveRequest = { name: string; call: ResolverCall }

/** `05alice08pairwise03eth00` → `alice.pairwise.eth`; undefined when the bytes are not a DNS name. */
export function dnsDecode(encoded: Hex): string | undefined {
  const bytes = hexToBytes(encoded)
  const labels: string[] = []
  let offset = 0
  while (offset < bytes.length) {
    const length = bytes[offset] as number
    if (length === 0) return offset === bytes.length - 1 ? labels.join('.') : undefined
    const label = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(offset + 1, offset + 1 + length),
    )
    if (offset + 1 + length >= bytes.length || label.includes('.')) return undefined
    labels.push(label)
    offset += length + 1
  }
  return undefined
}

/** The name and profile call of a lookup's call data, or undefined for anything else. */
export function decodeResolveRequest(callData: Hex): ResolveRequest | undefined {
  try {
    const outer = decodeFunctionData({ abi: extendedResolverAbi, data: callData })
    const [encodedName, inner] = outer.args
    const name = dnsDecode(encodedName)
    if (name === undefined) return undefined
    const profile = decodeFunctionData({ abi: resolverProfilesAbi, data: inner })
    switch (profile.functionName) {
      case 'addr':
        return profile.args.length === 2
          ? { name, call: { kind: 'addrOfCoin', node: profile.args[0], coinType: profile.args[1] } }
          : { name, call: { kind: 'addr', node: profile.args[0] } }
      case 'text':
        return { name, call: { kind: 'text', node: profile.args[0], key: profile.args[1] } }
      case 'name':
        return { name, call: { kind: 'name', node: profile.args[0] } }
    }
  } catch {
    return undefined
  }
}
