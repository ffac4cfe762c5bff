import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { equalBytes } from '@noble/curves/utils.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { OutScript, RawTx, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'

/** What a decoded address commits to, as @scure/btc-signer's `Address(network).decode` returns it. */
export type MessageChallenge = ReturnType<typeof OutScript.decode>

const zeroTxid = new Uint8Array(32)
const tagHash = sha256(utf8ToBytes('BIP0322-signed-message'))
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))

/** BIP-322's tagged hash of the message, committed to by the virtual `to_spend` transaction. */
export function bip322MessageHash(message: string): Uint8Array {
  return sha256(concatBytes(tagHash, tagHash, utf8ToBytes(message)))
}

/**
 * The virtual `to_sign` transaction of BIP-322: it spends output 0 of `to_spend`, whose input carries
 * the message hash and whose output is the address's script, so a signature of it signs the message.
 */
function toSign(message: string, challengeScript: Uint8Array): Transaction {
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: zeroTxid,
        index: 0xffffffff,
        finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script: challengeScript }],
    witnesses: [],
    lockTime: 0,
  })
  const transaction = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  transaction.addInput({
    txid: sha256d(toSpend).reverse(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: challengeScript, amount: 0n },
  })
  transaction.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return transaction
}

/** Segwit v0 key spend (P2WPKH, and P2SH-P2WPKH once the redeem script matched): [DER sig + ALL, pubkey]. */
function verifyWitnessV0(transaction: Transaction, witness: Uint8Array[], pubkeyHash: Uint8Array): boolean {
  const [signature, publicKey] = witness
  if (witness.length !== 2 || !signature || !publicKey || publicKey.length !== 33) return false
  if (!equalBytes(hash160(publicKey), pubkeyHash)) return false
  if (signature.at(-1) !== SigHash.ALL) return false
  const scriptCode = OutScript.encode({ type: 'pkh', hash: pubkeyHash })
  const digest = transaction.preimageWitnessV0(0, scriptCode, SigHash.ALL, 0n)
  return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
    prehash: false,
    format: 'der',
    lowS: false,
  })
}

/** Taproot key-path spend: a 64-byte Schnorr signature (SIGHASH_DEFAULT) or 65 bytes ending in ALL. */
function verifyTaprootKeyPath(
  transaction: Transaction,
  witness: Uint8Array[],
  challengeScript: Uint8Array,
  outputKey: Uint8Array,
): boolean {
  const [signature] = witness
  if (witness.length !== 1 || !signature) return false
  const hashType =
    signature.length === 64 ? SigHash.DEFAULT : signature.length === 65 ? signature[64] : undefined
  if (hashType !== SigHash.DEFAULT && hashType !== SigHash.ALL) return false
  if (signature.length === 65 && hashType === SigHash.DEFAULT) return false
  const digest = transaction.preimageWitnessV1(0, [challengeScript], hashType, [0n])
  return schnorr.verify(signature.subarray(0, 64), digest, outputKey)
}

/**
 * BIP-322 "simple" signature: the base64 of the witness stack that spends `to_spend`. Supported for the
 * single-key address types wallets sign with: P2WPKH, P2SH-P2WPKH and P2TR (key path).
 */
export function verifyBip322Simple(
  challenge: MessageChallenge,
  message: string,
  encodedWitness: Uint8Array,
): boolean {
  const witness = RawWitness.decode(encodedWitness)
  const challengeScript = OutScript.encode(challenge)
  const transaction = toSign(message, challengeScript)
  switch (challenge.type) {
    case 'wpkh':
      return verifyWitnessV0(transaction, witness, challenge.hash)
    case 'sh': {
      const publicKey = witness[1]
      if (!publicKey) return false
      const redeemScript = OutScript.encode({ type: 'wpkh', hash: hash160(publicKey) })
      if (!equalBytes(hash160(redeemScript), challenge.hash)) return false
      return verifyWitnessV0(transaction, witness, hash160(publicKey))
    }
    case 'tr':
      return verifyTaprootKeyPath(transaction, witness, challengeScript, challenge.pubkey)
    default:
      return false
  }
}
