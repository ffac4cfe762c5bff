import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { hex } from '@scure/base'
import { BitcoinError } from './errors.js'

/** A coin a PSBT spends: its outpoint (txid as Esplora shows it) and the output it spends (BIP-174 witness_utxo). */
export type PsbtInput = {
  txid: string
  vout: number
  amount: bigint
  script: Uint8Array
  /** BIP-371 tap_internal_key: the x-only key a taproot key-path input is signed for. */
  tapInternalKey?: Uint8Array | undefined
}
export type PsbtOutput = { script: Uint8Array; amount: bigint }

// BIP-174 key types used here.
const globalUnsignedTx = 0x00
const globalVersion = 0xfb
const inWitnessUtxo = 0x01
const inPartialSig = 0x02
const inSighashType = 0x03
const inFinalScriptSig = 0x07
const inFinalScriptWitness = 0x08
const inTapKeySig = 0x13
const inTapInternalKey = 0x17
// The sighash types (their low 5 bits) that may leave the outputs out of a signature.
const sighashNone = 0x02
const sighashSingle = 0x03
// 'psbt' and 0xff.
const magic = Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff)
// Version 2, inputs with an empty scriptSig and sequence 0xffffffff (final, no RBF), locktime 0.
const txVersion = 2
const finalSequence = 0xffffffff

/** Bytes appended in order; Bitcoin's little-endian integers and CompactSize lengths. */
class Writer {
  readonly #chunks: number[] = []
  bytes(bytes: ArrayLike<number>) {
    for (let i = 0; i < bytes.length; i++) this.#chunks.push(bytes[i]!)
    return this
  }
  u32(n: number) {
    return this.bytes([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff])
  }
  u64(n: bigint) {
    for (let i = 0n; i < 64n; i += 8n) this.#chunks.push(Number((n >> i) & 0xffn))
    return this
  }
  compactSize(n: number) {
    if (n < 0xfd) return this.bytes([n])
    if (n <= 0xffff) return this.bytes([0xfd, n & 0xff, n >>> 8])
    return this.bytes([0xfe]).u32(n)
  }
  /** A length-prefixed byte string. */
  varBytes(bytes: Uint8Array) {
    return this.compactSize(bytes.length).bytes(bytes)
  }
  done() {
    return Uint8Array.from(this.#chunks)
  }
}

class Reader {
  #at = 0
  constructor(readonly data: Uint8Array) {}
  get position() {
    return this.#at
  }
  get end() {
    return this.#at === this.data.length
  }
  bytes(n: number) {
    if (this.#at + n > this.data.length) throw new Error('ends early')
    const out = this.data.subarray(this.#at, this.#at + n)
    this.#at += n
    return out
  }
  u8() {
    return this.bytes(1)[0]!
  }
  u32() {
    const b = this.bytes(4)
    return (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0
  }
  compactSize() {
    const first = this.u8()
    if (first < 0xfd) return first
    if (first === 0xfd) return this.u8() | (this.u8() << 8)
    if (first === 0xfe) return this.u32()
    throw new Error('length beyond 4 GiB')
  }
  varBytes() {
    return this.bytes(this.compactSize())
  }
  /** A count of items that each take a byte at least: one beyond the bytes left is refused before any is read. */
  count() {
    const n = this.compactSize()
    if (n > this.data.length - this.#at) throw new Error('a count beyond the bytes left')
    return n
  }
}

/** The unsigned transaction's parts a signed one is assembled from. */
type UnsignedTx = {
  version: Uint8Array
  inputs: { outpoint: Uint8Array; sequence: Uint8Array }[]
  outputCount: number
  /** The output count and outputs as serialised. */
  outputs: Uint8Array
  locktime: Uint8Array
}

function writeUnsignedTx(inputs: readonly PsbtInput[], outputs: readonly PsbtOutput[]): Uint8Array {
  const w = new Writer().u32(txVersion).compactSize(inputs.length)
  // The outpoint's txid is the double SHA-256 in internal byte order: the reverse of the hex shown.
  for (const input of inputs)
    w.bytes(hex.decode(input.txid).reverse()).u32(input.vout).compactSize(0).u32(finalSequence)
  w.compactSize(outputs.length)
  for (const output of outputs) w.u64(output.amount).varBytes(output.script)
  return w.u32(0).done()
}

function readUnsignedTx(data: Uint8Array): UnsignedTx {
  const r = new Reader(data)
  const version = r.bytes(4)
  const inputs = Array.from({ length: r.count() }, () => {
    const outpoint = r.bytes(36)
    if (r.varBytes().length) throw new Error('the unsigned transaction has a scriptSig')
    return { outpoint, sequence: r.bytes(4) }
  })
  if (!inputs.length) throw new Error('the unsigned transaction has no inputs')
  const outputsFrom = r.position
  const outputCount = r.count()
  for (let i = 0; i < outputCount; i++) {
    r.bytes(8)
    r.varBytes()
  }
  const outputs = data.subarray(outputsFrom, r.position)
  const locktime = r.bytes(4)
  if (!r.end) throw new Error('bytes after the unsigned transaction')
  return { version, inputs, outputCount, outputs, locktime }
}

/** One PSBT map: its keys (type byte and key data) to values, a repeated key refused. */
type PsbtMap = Map<string, { type: number; keyData: Uint8Array; value: Uint8Array }>

function readMap(r: Reader): PsbtMap {
  const map: PsbtMap = new Map()
  for (let key = r.varBytes(); key.length; key = r.varBytes()) {
    const id = hex.encode(key)
    if (map.has(id)) throw new Error(`a key repeated in one map (${id})`)
    map.set(id, { type: key[0]!, keyData: key.subarray(1), value: r.varBytes() })
  }
  return map
}

/**
 * A version 0 PSBT (BIP-174) of an unsigned transaction spending `inputs` to `outputs`: the transaction in
 * the global map, each input's witness_utxo and, for a taproot key-path input, its tap_internal_key, and an
 * empty map per output. Every input must be a segwit one, whose signature commits to its amount.
 */
export function encodePsbt(inputs: readonly PsbtInput[], outputs: readonly PsbtOutput[]): Uint8Array {
  const w = new Writer().bytes(magic)
  w.varBytes(Uint8Array.of(globalUnsignedTx)).varBytes(writeUnsignedTx(inputs, outputs)).compactSize(0)
  for (const input of inputs) {
    const utxo = new Writer().u64(input.amount).varBytes(input.script).done()
    w.varBytes(Uint8Array.of(inWitnessUtxo)).varBytes(utxo)
    if (input.tapInternalKey) w.varBytes(Uint8Array.of(inTapInternalKey)).varBytes(input.tapInternalKey)
    w.compactSize(0)
  }
  for (let i = 0; i < outputs.length; i++) w.compactSize(0)
  return w.done()
}

/** The value of a key that is its type alone. */
const valueAt = (map: PsbtMap, type: number) => map.get(type.toString(16).padStart(2, '0'))?.value

type FinalInput = { scriptSig: Uint8Array; witness: Uint8Array[] }

function readWitness(data: Uint8Array): Uint8Array[] {
  const r = new Reader(data)
  const items = Array.from({ length: r.count() }, () => r.varBytes())
  if (!r.end) throw new Error('bytes after a final witness')
  return items
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * An input's final scriptSig and witness: the ones the wallet finalised, else finalised here from the key-path
 * signature of a p2tr input (tap_key_sig) or the one partial signature of a p2wpkh input by the key its
 * script hashes, as a wallet that signs without finalising leaves them.
 */
function finalInput(map: PsbtMap, index: number): FinalInput {
  const scriptSig = valueAt(map, inFinalScriptSig)
  const witness = valueAt(map, inFinalScriptWitness)
  if (scriptSig || witness)
    return { scriptSig: scriptSig ?? new Uint8Array(), witness: witness ? readWitness(witness) : [] }
  const utxo = valueAt(map, inWitnessUtxo)
  const script = utxo && new Reader(utxo.subarray(8)).varBytes()
  const tapKeySig = valueAt(map, inTapKeySig)
  if (script?.length === 34 && script[0] === 0x51 && script[1] === 32 && tapKeySig)
    return { scriptSig: new Uint8Array(), witness: [tapKeySig] }
  if (script?.length === 22 && script[0] === 0 && script[1] === 20) {
    const hash = script.subarray(2)
    for (const { type, keyData, value } of map.values())
      if (type === inPartialSig && equal(ripemd160(sha256(keyData)), hash))
        return { scriptSig: new Uint8Array(), witness: [value, keyData] }
  }
  throw new Error(`input ${index} has no final witness nor a signature to finalise it with`)
}

/** A signed transaction: its bytes as broadcast, and its txid (hex, as Esplora and explorers show it). */
export type SignedTransaction = { raw: Uint8Array; txid: string }

/** A version 0 PSBT's magic and global map, read up to its input maps: the unsigned transaction's bytes. */
function readUnsignedBytes(r: Reader): Uint8Array {
  if (!equal(r.bytes(magic.length), magic)) throw new Error('no PSBT magic bytes')
  const global = readMap(r)
  const version = valueAt(global, globalVersion)
  if (version && (version.length !== 4 || new Reader(version).u32() !== 0))
    throw new Error('only version 0 PSBTs are read')
  const unsigned = valueAt(global, globalUnsignedTx)
  if (!unsigned) throw new Error('no unsigned transaction')
  return unsigned
}

const readGlobal = (r: Reader): UnsignedTx => readUnsignedTx(readUnsignedBytes(r))

/**
 * Whether `signed` is a PSBT of the transaction `asked` is. A signer adds to the input maps only (BIP-174), so
 * the wallet's answer carries the unsigned transaction it was given byte for byte: other inputs, outputs,
 * amounts, sequences or locktime are a transaction the app never asked for. The unsigned transactions are
 * compared, not txids, as finalising a p2sh or legacy input fills a scriptSig the txid covers.
 */
export function sameTransaction(asked: Uint8Array, signed: Uint8Array): boolean {
  return equal(readUnsignedBytes(new Reader(asked)), readUnsignedBytes(new Reader(signed)))
}

function extract(psbt: Uint8Array): SignedTransaction {
  const r = new Reader(psbt)
  const tx = readGlobal(r)
  const finals = tx.inputs.map((_, index) => finalInput(readMap(r), index))
  for (let i = 0; i < tx.outputCount; i++) readMap(r)
  if (!r.end) throw new Error('bytes after the last output map')
  const inputsAndOutputs = new Writer().compactSize(tx.inputs.length)
  tx.inputs.forEach((input, i) => {
    inputsAndOutputs.bytes(input.outpoint).varBytes(finals[i]!.scriptSig).bytes(input.sequence)
  })
  const body = inputsAndOutputs.bytes(tx.outputs).done()
  // The txid hashes the transaction without witnesses (BIP-141), shown byte-reversed as explorers show it.
  const stripped = new Writer().bytes(tx.version).bytes(body).bytes(tx.locktime).done()
  const txid = hex.encode(sha256(sha256(stripped)).reverse())
  // BIP-144: the marker and flag, and a witness per input, only when some input has one.
  const segwit = finals.some((input) => input.witness.length)
  if (!segwit) return { raw: stripped, txid }
  const w = new Writer().bytes(tx.version).bytes(Uint8Array.of(0, 1)).bytes(body)
  for (const { witness } of finals) {
    w.compactSize(witness.length)
    for (const item of witness) w.varBytes(item)
  }
  return { raw: w.bytes(tx.locktime).done(), txid }
}

/**
 * The raw transaction and txid of a signed PSBT, its inputs finalised here when the wallet left that to the
 * app (see `finalInput`). A PSBT that does not parse, or an input with nothing to finalise it with, is the
 * wallet's unexpected answer.
 */
export function signedTransaction(psbt: Uint8Array): SignedTransaction {
  try {
    return extract(psbt)
  } catch (cause) {
    throw new BitcoinError(
      'WALLET_ANSWER',
      cause,
      `the signed PSBT cannot be broadcast: ${(cause as Error).message}`,
    )
  }
}

/**
 * Refuses (BitcoinError INVALID_PSBT) to have a wallet sign the inputs `toSign` of `psbt` when it is no
 * version 0 PSBT, lacks one of them, or asks for one a signature that commits to no output: SIGHASH_NONE, or
 * SIGHASH_SINGLE at an index with no output, which BIP-143 signs as none, whether the PSBT's input asks or the
 * app's `sighashTypes` (which the wallet is handed). Whoever holds such a signature can pay the input's coin
 * anywhere; SINGLE over its own output and ANYONECANPAY (a marketplace listing's) still pin what the user is
 * paid.
 */
export function assertSignable(
  psbt: Uint8Array,
  toSign: readonly { index: number; sighashTypes?: readonly number[] | undefined }[],
): void {
  try {
    const r = new Reader(psbt)
    const tx = readGlobal(r)
    const inputs = tx.inputs.map(() => readMap(r))
    for (const { index, sighashTypes = [] } of toSign) {
      const input = inputs[index]
      if (!input) throw new Error(`no input ${index} among its ${inputs.length}`)
      const asked = [...sighashTypes]
      const sighash = valueAt(input, inSighashType)
      if (sighash) {
        if (sighash.length !== 4)
          throw new Error(`input ${index} has a sighash type of ${sighash.length} bytes`)
        asked.push(new Reader(sighash).u32())
      }
      for (const type of asked) {
        const base = type & 0x1f
        if (base === sighashNone || (base === sighashSingle && index >= tx.outputCount))
          throw new Error(`input ${index} asks for sighash 0x${type.toString(16)}, which signs no output`)
      }
    }
  } catch (cause) {
    throw new BitcoinError('INVALID_PSBT', cause, (cause as Error).message)
  }
}
