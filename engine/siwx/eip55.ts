import { bytesToHex, keccak256, utf8ToBytes } from '@pairwise/crypto'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The EIP-55 mixed-case form of a 0x-prefixed 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = bytesToHex(keccak256(utf8ToBytes(lower)))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] as string
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char
  }
  return out
}

export const isHexAddress = (text: string): boolean => HEX_ADDRESS.test(text)

/** EIP-4361 carries the address EIP-55 checksummed; an all-lower-case address is refused like a wrong one. */
export const isChecksumAddress = (text: string): boolean =>
  isHexAddress(text) && toChecksumAddress(text) === text
