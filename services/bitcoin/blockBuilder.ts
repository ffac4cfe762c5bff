import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js'
import { RawTx } from '@scure/btc-signer'

/** Bitcoin's double SHA-256. */
export const sha256d = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes))

/** A txid or block hash as written (hex, byte-reversed from the hash's bytes). */
export const displayHex = (hash: Uint8Array): string => bytesToHex(hash.slice().reverse())

const internalBytes = (displayed: string): Uint8Array => hexToBytes(displayed).reverse()

/** The txid of a raw transaction: the double SHA-256 of it without witnesses. */
export function txidOf(raw: Uint8Array): string {
  const decoded = RawTx.decode(raw)
  return displayHex(sha256d(RawTx.encode({ ...decoded, segwitFlag: false, witnesses: undefined })))
}

/** BIP34's push of the height (a minimal script number), then OP_0 so the scriptSig is 2 bytes at least. */
function heightScriptSig(height: number): Uint8Array {
  const bytes: number[] = []
  for (let rest = height; rest > 0; rest = Math.floor(rest / 256)) bytes.push(rest % 256)
  if (((bytes[bytes.length - 1] ?? 0) & 0x80) !== 0) bytes.push(0)
  return new Uint8Array([bytes.length, ...bytes, 0x00])
}

/** A coinbase transaction for `height`, paying `outputs` (the height makes each one's txid unique). */
export function coinbaseTx(
  height: number,
  outputs: readonly { amount: bigint; script: Uint8Array }[],
): Uint8Array {
  return RawTx.encode({
    version: 2,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: heightScriptSig(height),
        sequence: 0xffffffff,
      },
    ],
    outputs: [...outputs],
    witnesses: undefined,
    lockTime: 0,
  })
}

/** The merkle root of txids in block order (an odd level repeats its last hash), as written. */
export function merkleRoot(txids: readonly string[]): string {
  let level = txids.map(internalBytes)
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array
      next.push(sha256d(concatBytes(left, level[i + 1] ?? left)))
    }
    level = next
  }
  return displayHex(level[0] ?? new Uint8Array(32))
}

/** Regtest's easiest target, the `bits` every block here carries. */
export const REGTEST_BITS = 0x207fffff

/**
 * The hash of an 80-byte header (version 0x20000000, no proof of work: the chain is local and mined on
 * demand). Deterministic, so a chain rebuilt from its transactions has the same hashes.
 */
export function blockHash(prevHash: string, merkle: string, time: number): string {
  const header = new Uint8Array(80)
  const view = new DataView(header.buffer)
  view.setUint32(0, 0x20000000, true)
  header.set(internalBytes(prevHash), 4)
  header.set(internalBytes(merkle), 36)
  view.setUint32(68, time, true)
  view.setUint32(72, REGTEST_BITS, true)
  return displayHex(sha256d(header))
}
