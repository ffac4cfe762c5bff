import { bytesToHex } from '@noble/hashes/utils.js'
import { Address, OutScript } from '@scure/btc-signer'
import type { Block, BlockRef, RegtestLedger, TxRecord } from './ledger.js'
import { outputKind } from './outputPolicy.js'
import { REGTEST, REGTEST_GENESIS_TIME } from './regtest.js'

/**
 * The JSON shapes Esplora (Blockstream's API, which mempool.space serves too) answers with, built from the
 * ledger's records. The `*_asm` fields are left out: no client of this chain reads them.
 */

/** An output script's address on regtest, when it has one (OP_RETURN and unknown scripts have none). */
export function addressOf(script: Uint8Array): string | undefined {
  try {
    return Address(REGTEST).encode(OutScript.decode(script))
  } catch {
    return undefined
  }
}

function outputJson(output: { script: Uint8Array; amount: bigint }) {
  const address = addressOf(output.script)
  return {
    scriptpubkey: bytesToHex(output.script),
    scriptpubkey_type: outputKind(output.script),
    ...(address === undefined ? {} : { scriptpubkey_address: address }),
    value: Number(output.amount),
  }
}

export function statusJson(block: BlockRef | undefined) {
  return block === undefined
    ? { confirmed: false }
    : { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time }
}

/** `GET /tx/:txid`. */
export function txJson(tx: TxRecord) {
  const { decoded } = tx
  return {
    txid: tx.txid,
    version: decoded.version,
    locktime: decoded.lockTime,
    vin: decoded.inputs.map((input, index) => {
      const witness = decoded.witnesses?.[index] ?? []
      const prevout = tx.prevouts[index]
      return {
        txid: bytesToHex(input.txid),
        vout: input.index,
        prevout: prevout === undefined ? null : outputJson({ script: prevout.script, amount: prevout.value }),
        scriptsig: bytesToHex(input.finalScriptSig),
        ...(witness.length > 0 ? { witness: witness.map(bytesToHex) } : {}),
        is_coinbase: tx.isCoinbase,
        sequence: input.sequence,
      }
    }),
    vout: decoded.outputs.map(outputJson),
    size: tx.raw.length,
    weight: tx.weight,
    fee: Number(tx.fee),
    status: statusJson(tx.block),
  }
}

/** `GET /block/:hash`: regtest's difficulty is 1 by definition, and blocks carry no proof of work here. */
export function blockJson(ledger: RegtestLedger, block: Block) {
  const txs = block.txids.map((txid) => ledger.tx(txid) as TxRecord)
  const header = 80 + (txs.length < 0xfd ? 1 : 3)
  return {
    id: block.hash,
    height: block.height,
    version: 0x20000000,
    timestamp: block.time,
    tx_count: txs.length,
    size: header + txs.reduce((sum, tx) => sum + tx.raw.length, 0),
    weight: header * 4 + txs.reduce((sum, tx) => sum + tx.weight, 0),
    merkle_root: block.merkleRoot,
    previousblockhash: block.prevHash ?? null,
    mediantime: medianTimePast(ledger, block.height),
    nonce: 0,
    bits: 0x207fffff,
    difficulty: 1,
  }
}

/** BIP113's median of the last 11 block times. */
function medianTimePast(ledger: RegtestLedger, height: number): number {
  const times: number[] = []
  for (let h = height; h >= 0 && times.length < 11; h--)
    times.push(ledger.blockAt(h)?.time ?? REGTEST_GENESIS_TIME)
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] as number
}
