import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import type { Transaction } from '@scure/btc-signer'
import { bytesEqual } from './bytes.js'
import { isStrictDer } from './derSignature.js'
import { type ScriptError, type ScriptFailure, scriptErrors } from './rejection.js'

/** An output being spent: its value and locking script. */
export type Prevout = { readonly value: bigint; readonly script: Uint8Array }

/** The kinds of output this chain can verify a spend of; any other is refused as nonstandard. */
export type SpendableKind = 'p2wpkh' | 'p2tr'

/** Consensus's limit on one stack element (MAX_SCRIPT_ELEMENT_SIZE). */
const MAX_ELEMENT_BYTES = 520

/** `0014<20>` is p2wpkh, `5120<32>` p2tr (taproot key or script path). */
export function spendableKind(script: Uint8Array): SpendableKind | undefined {
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) return 'p2wpkh'
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) return 'p2tr'
  return undefined
}

/** What one input presents: its scriptSig and witness stack. */
export type InputUnlock = { readonly scriptSig: Uint8Array; readonly witness: readonly Uint8Array[] }

const mandatory = (error: ScriptError): ScriptFailure => ({ mandatory: true, error })
const policy = (error: ScriptError): ScriptFailure => ({ mandatory: false, error })

/**
 * Whether input `index` of `tx` may spend `prevouts[index]`, as Bitcoin Core's script check would say:
 * undefined when it may, else the failure Core reports. Consensus failures win over policy ones, as Core
 * retries a policy failure under the mandatory flags alone and names that failure when there is one.
 * Only p2wpkh (BIP143) and taproot key-path (BIP341) spends are checked; the caller refuses other kinds.
 */
export function checkInputScript(
  tx: Transaction,
  index: number,
  unlock: InputUnlock,
  prevouts: readonly Prevout[],
): ScriptFailure | undefined {
  const prevout = prevouts[index] as Prevout
  // A native witness program's scriptSig must be empty (BIP141).
  if (unlock.scriptSig.length > 0) return mandatory(scriptErrors.witnessMalleated)
  return spendableKind(prevout.script) === 'p2wpkh'
    ? checkP2wpkh(tx, index, unlock.witness, prevout)
    : checkTaprootKeyPath(tx, index, unlock.witness, prevouts)
}

/** BIP141 p2wpkh: the witness is `<sig> <pubkey>`, run as `DUP HASH160 <program> EQUALVERIFY CHECKSIG`. */
function checkP2wpkh(
  tx: Transaction,
  index: number,
  witness: readonly Uint8Array[],
  prevout: Prevout,
): ScriptFailure | undefined {
  const [sig, pubkey] = witness
  if (witness.length !== 2 || sig === undefined || pubkey === undefined)
    return mandatory(scriptErrors.witnessMismatch)
  if (sig.length > MAX_ELEMENT_BYTES || pubkey.length > MAX_ELEMENT_BYTES)
    return mandatory(scriptErrors.pushSize)
  const program = prevout.script.subarray(2)
  if (!bytesEqual(ripemd160(sha256(pubkey)), program)) return mandatory(scriptErrors.equalVerify)
  // An empty signature is how a script says "no": CHECKSIG pushes false.
  if (sig.length === 0) return mandatory(scriptErrors.evalFalse)
  if (!isStrictDer(sig)) return mandatory(scriptErrors.sigDer)
  const der = sig.subarray(0, -1)
  const hashType = sig[sig.length - 1] as number
  if (!ecdsaVerifies(tx, index, der, hashType, pubkey, program, prevout.value))
    return mandatory(scriptErrors.evalFalse)
  // The signature holds under consensus; what follows are the policy rules Core relays by.
  if (secp256k1.Signature.fromBytes(der, 'der').hasHighS()) return policy(scriptErrors.sigHighS)
  if (![1, 2, 3].includes(hashType & ~0x80)) return policy(scriptErrors.sigHashType)
  if (pubkey.length !== 33 || (pubkey[0] !== 0x02 && pubkey[0] !== 0x03))
    return policy(pubkey.length === 65 ? scriptErrors.witnessPubkeyType : scriptErrors.pubkeyType)
  return undefined
}

function ecdsaVerifies(
  tx: Transaction,
  index: number,
  der: Uint8Array,
  hashType: number,
  pubkey: Uint8Array,
  program: Uint8Array,
  value: bigint,
): boolean {
  try {
    // BIP143's scriptCode for p2wpkh is the p2pkh script of the program.
    const scriptCode = new Uint8Array([0x76, 0xa9, 0x14, ...program, 0x88, 0xac])
    const sighash = tx.preimageWitnessV0(index, scriptCode, hashType, value)
    return secp256k1.verify(der, sighash, pubkey, { prehash: false, lowS: false, format: 'der' })
  } catch {
    // An unparseable key or signature is a failed CHECKSIG, as in Core.
    return false
  }
}

const TAPROOT_HASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/**
 * BIP341 key path: a single Schnorr signature (64 bytes, or 65 with a sighash byte) by the output key,
 * over the sighash that commits to every input's amount and script. A witness of more elements is a
 * script-path spend or carries an annex: the caller refuses those before they reach here.
 */
function checkTaprootKeyPath(
  tx: Transaction,
  index: number,
  witness: readonly Uint8Array[],
  prevouts: readonly Prevout[],
): ScriptFailure | undefined {
  const sig = witness[0]
  if (sig === undefined) return mandatory(scriptErrors.witnessEmpty)
  if (sig.length !== 64 && sig.length !== 65) return mandatory(scriptErrors.schnorrSigSize)
  const hashType = sig.length === 65 ? (sig[64] as number) : 0
  if (sig.length === 65 && !TAPROOT_HASH_TYPES.has(hashType))
    return mandatory(scriptErrors.schnorrSigHashType)
  // SIGHASH_SINGLE with no output at this index has no message under BIP341.
  if ((hashType & 0x03) === 0x03 && index >= tx.outputsLength)
    return mandatory(scriptErrors.schnorrSigHashType)
  const outputKey = (prevouts[index] as Prevout).script.subarray(2)
  try {
    const sighash = tx.preimageWitnessV1(
      index,
      prevouts.map((prevout) => prevout.script),
      hashType,
      prevouts.map((prevout) => prevout.value),
    )
    if (schnorr.verify(sig.subarray(0, 64), sighash, outputKey)) return undefined
  } catch {
    // An output key off the curve makes every signature invalid.
  }
  return mandatory(scriptErrors.schnorrSig)
}
