import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import * as btc from '@scure/btc-signer'
import { REGTEST } from '../../../services/bitcoin/regtest.js'

export type TestCoin = { txid: string; vout: number; value: bigint }

/** A fixed test key and its p2wpkh and taproot (key-path, BIP86-style) payments on regtest. */
export function regtestKey(name: string) {
  const privateKey = sha256(utf8ToBytes(`pairwise bitcoin test key ${name}`))
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const p2wpkh = btc.p2wpkh(publicKey, REGTEST)
  const p2tr = btc.p2tr(publicKey.subarray(1), undefined, REGTEST)
  return {
    privateKey,
    p2wpkh: { address: p2wpkh.address as string, script: p2wpkh.script },
    p2tr: { address: p2tr.address as string, script: p2tr.script, internalKey: publicKey.subarray(1) },
  }
}

export type RegtestKey = ReturnType<typeof regtestKey>

type Payment = { script: Uint8Array; internalKey?: Uint8Array }

/**
 * A signed transaction spending `coins` (all of `from`'s script) to `outputs`. `claimedValues` are the
 * prevout amounts the signer is told, to sign over wrong amounts as a lying PSBT would.
 */
export function signedSpend(
  key: RegtestKey,
  from: Payment,
  coins: readonly TestCoin[],
  outputs: readonly { script: Uint8Array; amount: bigint }[],
  claimedValues: readonly bigint[] = coins.map((coin) => coin.value),
): btc.Transaction {
  const tx = new btc.Transaction({ allowUnknownOutputs: true })
  for (const [index, coin] of coins.entries())
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: from.script, amount: claimedValues[index] as bigint },
      ...(from.internalKey ? { tapInternalKey: from.internalKey } : {}),
    })
  for (const output of outputs) tx.addOutput(output)
  tx.sign(key.privateKey)
  tx.finalize()
  return tx
}
