import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m, createBase58check, hex } from '@scure/base'
import type { AddressParams } from './networks.js'

/** What an address pays to: the script type (p2a, BIP-433's anchor, is of no account type) and its scriptPubKey. */
export type AddressScript = {
  type: 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'p2a'
  script: Uint8Array
}

const base58check = createBase58check(sha256)
const anchorProgram = [0x4e, 0x73]

// secp256k1's field prime.
const p = 2n ** 256n - 2n ** 32n - 977n

function powMod(base: bigint, exponent: bigint): bigint {
  let result = 1n
  for (let b = base % p, e = exponent; e > 0n; e >>= 1n, b = (b * b) % p)
    if (e & 1n) result = (result * b) % p
  return result
}

/**
 * Whether 32 bytes are an x-only key (BIP-340's lift_x): an x below p with x³ + 7 a square mod p (Euler's
 * criterion). A taproot output to any other program can never be spent, so no address of it is taken.
 */
function isXOnlyKey(program: Uint8Array): boolean {
  const x = BigInt(`0x${hex.encode(program)}`)
  if (x >= p) return false
  const c = (x ** 3n + 7n) % p
  return c === 0n || powMod(c, (p - 1n) / 2n) === 1n
}

/** BIP-141's witness output: OP_n for version n (OP_0 is 0x00, OP_1…OP_16 are 0x51…0x60), then the program. */
const witnessOutput = (version: number, program: Uint8Array) =>
  Uint8Array.of(version === 0 ? 0 : 0x50 + version, program.length, ...program)

/** A segwit address (BIP-173 bech32 for version 0, BIP-350 bech32m for 1 and above) with this network's HRP. */
function witnessAddress(address: string, hrp: string): AddressScript {
  const bech = address as `${string}1${string}`
  let decoded: { prefix: string; words: number[] }
  try {
    decoded = bech32.decode(bech)
    if (decoded.words[0] !== 0) throw new Error(`bech32 with witness version ${decoded.words[0]}`)
  } catch {
    decoded = bech32m.decode(bech)
    if (decoded.words[0] === 0) throw new Error('bech32m with witness version 0')
  }
  if (decoded.prefix !== hrp) throw new Error(`wrong bech32 prefix ${decoded.prefix}`)
  const [version = 0, ...words] = decoded.words
  const program = bech32.fromWords(words)
  if (version > 16 || program.length < 2 || program.length > 40) throw new Error('invalid witness program')
  const script = witnessOutput(version, program)
  if (version === 0 && program.length === 20) return { type: 'p2wpkh', script }
  if (version === 0 && program.length === 32) return { type: 'p2wsh', script }
  if (version === 1 && program.length === 32) {
    if (!isXOnlyKey(program)) throw new Error('a taproot program that is no x-only key')
    return { type: 'p2tr', script }
  }
  if (version === 1 && program.length === 2 && program.every((b, i) => b === anchorProgram[i]))
    return { type: 'p2a', script }
  throw new Error(`unknown witness program, version ${version}, ${program.length} bytes`)
}

/**
 * The script an address of the network with these prefixes pays to; throws for any other address. Bech32
 * when the address starts with the network's HRP and `1`, else Base58Check of a version byte and a 20-byte
 * hash (p2pkh: DUP HASH160 <hash> EQUALVERIFY CHECKSIG; p2sh: HASH160 <hash> EQUAL).
 */
export function addressScript(address: string, params: AddressParams): AddressScript {
  if (address.length < 14 || address.length > 74) throw new Error('invalid address length')
  if (address.toLowerCase().startsWith(`${params.bech32}1`)) return witnessAddress(address, params.bech32)
  const data = base58check.decode(address)
  const hash = data.subarray(1)
  if (data.length !== 21) throw new Error('invalid base58 address')
  if (data[0] === params.pubKeyHash)
    return { type: 'p2pkh', script: Uint8Array.of(0x76, 0xa9, 20, ...hash, 0x88, 0xac) }
  if (data[0] === params.scriptHash) return { type: 'p2sh', script: Uint8Array.of(0xa9, 20, ...hash, 0x87) }
  throw new Error(`invalid address version ${data[0]}`)
}
