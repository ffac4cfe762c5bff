import { bytesToHex, hexToBytes as hexBytes } from '@noble/hashes/utils.js'
import { RawTx, Transaction } from '@scure/btc-signer'
import { blockHash, coinbaseTx, merkleRoot, txidOf } from './blockBuilder.js'
import { bytesEqual } from './bytes.js'
import { checkInputScript, type Prevout, spendableKind } from './inputScript.js'
import { checkOutputValues, checkStandardOutputs } from './outputPolicy.js'
import { REGTEST_GENESIS_HASH, REGTEST_GENESIS_TIME } from './regtest.js'
import { formatMoney, scriptRejection, TxRejection } from './rejection.js'

type DecodedTx = ReturnType<typeof RawTx.decode>

export type BlockRef = { readonly height: number; readonly hash: string; readonly time: number }

export type Block = BlockRef & {
  readonly prevHash: string | undefined
  readonly merkleRoot: string
  /** Coinbase first, then the mempool's transactions in the order they arrived (parents first). */
  readonly txids: readonly string[]
}

export type TxRecord = {
  readonly txid: string
  readonly raw: Uint8Array
  readonly decoded: DecodedTx
  /** What each input spends; empty for a coinbase. */
  readonly prevouts: readonly Prevout[]
  readonly fee: bigint
  readonly weight: number
  readonly isCoinbase: boolean
  block: BlockRef | undefined
}

/** Esplora's `chain_stats` / `mempool_stats` of an address. */
export type TxoStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

/** An unspent output of an address, confirmed or in the mempool. */
export type Utxo = { txid: string; vout: number; value: bigint; block: BlockRef | undefined }

export type LedgerOptions = {
  /** Lowest fee rate relayed, sat/vB (Core's `-minrelaytxfee` in sat/vB); default 1. */
  minFeeRate?: number
  /** Transactions the mempool holds at most; one more is refused with Core's `mempool full`. */
  maxMempoolTxs: number
}

/** Core's MAX_STANDARD_TX_WEIGHT. */
const MAX_STANDARD_TX_WEIGHT = 400_000
/**
 * `sendrawtransaction`'s default `maxfeerate`, 0.10 BTC/kvB in sat/vB: a higher fee is taken for a unit
 * mistake and refused, though the transaction is valid.
 */
const MAX_BROADCAST_FEE_RATE = 10_000n
/** Core's MIN_STANDARD_TX_NONWITNESS_SIZE. */
const MIN_STANDARD_TX_NONWITNESS_SIZE = 65
/** An OP_RETURN output: where a block with no faucet payment puts its fees. */
const BURN_SCRIPT = new Uint8Array([0x6a])

const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`

const decodeFailed = () => new TxRejection(-22, 'TX decode failed. Make sure the tx has at least one input.')

const emptyStats = (): TxoStats => ({
  funded_txo_count: 0,
  funded_txo_sum: 0,
  spent_txo_count: 0,
  spent_txo_sum: 0,
  tx_count: 0,
})

type ScriptIndex = {
  chain: TxoStats
  /** Confirmed transactions touching the script, oldest first. */
  chainTxids: string[]
  mempoolTxids: Set<string>
}

/**
 * A regtest chain in memory: blocks, the UTXO set and a mempool. `accept` validates a transaction as Bitcoin
 * Core's mempool would (structure, standard outputs and dust, inputs present and unspent, value, fee rate,
 * then every input's signature) and throws Core's rejection; `mine` confirms the mempool in a new block;
 * `faucet` mines a block whose coinbase pays an address. Faucet coins are spendable at once (no coinbase
 * maturity), and only p2wpkh and taproot key-path inputs are accepted.
 */
export class RegtestLedger {
  private readonly blocks: Block[] = [
    {
      height: 0,
      hash: REGTEST_GENESIS_HASH,
      time: REGTEST_GENESIS_TIME,
      prevHash: undefined,
      merkleRoot: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
      txids: [],
    },
  ]
  private readonly blocksByHash = new Map<string, Block>([[REGTEST_GENESIS_HASH, this.blocks[0] as Block]])
  private readonly txs = new Map<string, TxRecord>()
  /** Confirmed unspent outputs. */
  private readonly utxos = new Map<string, Prevout>()
  /** Mempool transactions in arrival order, and who sent each (its per-client count). */
  private readonly mempool = new Map<string, { record: TxRecord; client: string | undefined }>()
  /** Outpoints the mempool spends, and the spender. */
  private readonly mempoolSpends = new Map<string, string>()
  private readonly scripts = new Map<string, ScriptIndex>()
  private readonly mempoolByClient = new Map<string, number>()
  private readonly minFeeRate: number
  private readonly maxMempoolTxs: number
  /** Told after every change (a block, a mempool entry): persistence listens. */
  onChange: () => void = () => {}

  constructor(options: LedgerOptions) {
    this.minFeeRate = options.minFeeRate ?? 1
    this.maxMempoolTxs = options.maxMempoolTxs
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1] as Block
  }

  get mempoolSize(): number {
    return this.mempool.size
  }

  /** Mempool transactions in arrival order. */
  mempoolTxs(): TxRecord[] {
    return [...this.mempool.values()].map(({ record }) => record)
  }

  mempoolCountOf(client: string): number {
    return this.mempoolByClient.get(client) ?? 0
  }

  blockAt(height: number): Block | undefined {
    return this.blocks[height]
  }

  blockByHash(hash: string): Block | undefined {
    return this.blocksByHash.get(hash)
  }

  tx(txid: string): TxRecord | undefined {
    return this.txs.get(txid)
  }

  /**
   * Validates a raw transaction as Core's `sendrawtransaction` would and adds it to the mempool; returns
   * its txid. One already in the mempool is accepted again without change, as Core answers its txid.
   */
  accept(raw: Uint8Array, client?: string): string {
    const record = this.validate(raw)
    if (this.mempool.has(record.txid)) return record.txid
    if (this.mempool.size >= this.maxMempoolTxs) throw new TxRejection(-26, 'mempool full')
    this.addToMempool(record, client)
    this.onChange()
    return record.txid
  }

  /** Mines `count` blocks at `time` (seconds); the first confirms the whole mempool. Returns their hashes. */
  mine(count: number, time: number): string[] {
    const hashes: string[] = []
    for (let i = 0; i < count; i++) {
      const included = this.mempoolTxs()
      const fees = included.reduce((sum, tx) => sum + tx.fee, 0n)
      const coinbase = coinbaseTx(this.tip.height + 1, [{ amount: fees, script: BURN_SCRIPT }])
      hashes.push(this.connectBlock([coinbase, ...included.map((tx) => tx.raw)], time).hash)
    }
    if (count > 0) this.onChange()
    return hashes
  }

  /** Mines a block at `time` whose coinbase pays `sats` to `script`; the mempool waits for the next one. */
  faucet(script: Uint8Array, sats: bigint, time: number): { txid: string; vout: 0; block: BlockRef } {
    const coinbase = coinbaseTx(this.tip.height + 1, [{ amount: sats, script }])
    const block = this.connectBlock([coinbase], time)
    this.onChange()
    return { txid: block.txids[0] as string, vout: 0, block }
  }

  /** Confirmed and mempool figures of the script's outputs, as Esplora's `GET /address/:a` gives them. */
  addressStats(script: Uint8Array): { chain: TxoStats; mempool: TxoStats } {
    const index = this.scripts.get(bytesToHex(script))
    const mempool = emptyStats()
    for (const txid of index?.mempoolTxids ?? []) {
      const tx = this.txs.get(txid) as TxRecord
      this.countTx(mempool, tx, script)
    }
    return { chain: { ...(index?.chain ?? emptyStats()) }, mempool }
  }

  /** Transactions touching the script: mempool ones newest first, then confirmed ones newest first. */
  addressTxids(script: Uint8Array): { mempool: string[]; chain: string[] } {
    const index = this.scripts.get(bytesToHex(script))
    return {
      mempool: [...(index?.mempoolTxids ?? [])].reverse(),
      chain: [...(index?.chainTxids ?? [])].reverse(),
    }
  }

  /** The script's unspent outputs, confirmed or in the mempool, leaving out those the mempool spends. */
  utxosOf(script: Uint8Array): Utxo[] {
    const index = this.scripts.get(bytesToHex(script))
    if (!index) return []
    const found: Utxo[] = []
    for (const txid of [...index.chainTxids, ...index.mempoolTxids]) {
      const tx = this.txs.get(txid) as TxRecord
      tx.decoded.outputs.forEach((output, vout) => {
        const key = outpointKey(txid, vout)
        if (!bytesEqual(output.script, script) || this.mempoolSpends.has(key)) return
        if (tx.block === undefined || this.utxos.has(key))
          found.push({ txid, vout, value: output.amount, block: tx.block })
      })
    }
    return found
  }

  /** What `snapshot` wrote, replayed: blocks connected as they were, the mempool validated again. */
  restore(snapshot: LedgerSnapshot): void {
    for (const block of snapshot.blocks) this.connectBlock(block.txs.map(hexBytes), block.time)
    for (const hex of snapshot.mempool) {
      try {
        this.accept(hexBytes(hex))
      } catch (error) {
        // A mempool transaction that no longer validates is dropped, as a restarted node's would be.
        if (!(error instanceof TxRejection)) throw error
      }
    }
  }

  /** Every block after genesis (its transactions' hex) and the mempool, enough to rebuild the chain. */
  snapshot(): LedgerSnapshot {
    return {
      version: 1,
      blocks: this.blocks.slice(1).map((block) => ({
        time: block.time,
        txs: block.txids.map((txid) => bytesToHex((this.txs.get(txid) as TxRecord).raw)),
      })),
      mempool: this.mempoolTxs().map((tx) => bytesToHex(tx.raw)),
    }
  }

  private validate(raw: Uint8Array): TxRecord {
    let decoded: DecodedTx
    let tx: Transaction
    try {
      decoded = RawTx.decode(raw)
      tx = Transaction.fromRaw(raw, {
        allowUnknownInputs: true,
        allowUnknownOutputs: true,
        allowUnknownVersion: true,
        disableScriptCheck: true,
      })
    } catch {
      throw decodeFailed()
    }
    const txid = txidOf(raw)
    const existing = this.mempool.get(txid)
    if (existing) return existing.record
    // CheckTransaction, then IsStandardTx, as Core's PreChecks run them.
    if (decoded.inputs.length === 0) throw new TxRejection(-26, 'bad-txns-vin-empty')
    if (decoded.outputs.length === 0) throw new TxRejection(-26, 'bad-txns-vout-empty')
    checkOutputValues(decoded.outputs)
    const outpoints = decoded.inputs.map((input) => outpointKey(bytesToHex(input.txid), input.index))
    if (new Set(outpoints).size !== outpoints.length) throw new TxRejection(-26, 'bad-txns-inputs-duplicate')
    if (
      decoded.inputs.some(
        (input) => input.index === 0xffffffff && input.txid.every((byte: number) => byte === 0),
      )
    )
      throw new TxRejection(-26, decoded.inputs.length === 1 ? 'coinbase' : 'bad-txns-prevout-null')
    if (decoded.version < 1 || decoded.version > 3) throw new TxRejection(-26, 'version')
    const weight = tx.weight
    if (weight > MAX_STANDARD_TX_WEIGHT) throw new TxRejection(-26, 'tx-size')
    if (tx.toBytes(true, false).length < MIN_STANDARD_TX_NONWITNESS_SIZE)
      throw new TxRejection(-26, 'tx-size-small')
    checkStandardOutputs(decoded.outputs)
    const conflict = outpoints.find((key) => this.mempoolSpends.has(key))
    if (conflict !== undefined) throw new TxRejection(-26, 'txn-mempool-conflict')
    const prevouts = outpoints.map((key) => this.unspent(key))
    if (prevouts.some((prevout) => prevout === undefined)) {
      // A transaction mined already, some of whose outputs are still unspent: Core's answer to a replay.
      if (
        this.txs.get(txid)?.block !== undefined &&
        decoded.outputs.some((_, vout) => this.utxos.has(outpointKey(txid, vout)))
      )
        throw new TxRejection(-27, 'Transaction outputs already in utxo set')
      throw new TxRejection(-25, 'bad-txns-inputs-missingorspent')
    }
    const spent = prevouts as Prevout[]
    const valueIn = spent.reduce((sum, prevout) => sum + prevout.value, 0n)
    const valueOut = decoded.outputs.reduce((sum, output) => sum + output.amount, 0n)
    if (valueIn < valueOut)
      throw new TxRejection(
        -26,
        'bad-txns-in-belowout',
        `value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
      )
    checkInputsStandard(decoded, spent)
    const fee = valueIn - valueOut
    const required = BigInt(Math.ceil(weight / 4) * this.minFeeRate)
    if (fee < required) throw new TxRejection(-26, 'min relay fee not met', `${fee} < ${required}`)
    for (let index = 0; index < decoded.inputs.length; index++) {
      const failure = checkInputScript(
        tx,
        index,
        {
          scriptSig: (decoded.inputs[index] as DecodedTx['inputs'][number]).finalScriptSig,
          witness: decoded.witnesses?.[index] ?? [],
        },
        spent,
      )
      if (failure) throw scriptRejection(failure)
    }
    // Checked last, as Core's BroadcastTransaction does once the mempool would take the transaction.
    if (fee > BigInt(Math.ceil(weight / 4)) * MAX_BROADCAST_FEE_RATE)
      throw new TxRejection(-25, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)')
    return { txid, raw, decoded, prevouts: spent, fee, weight, isCoinbase: false, block: undefined }
  }

  /** A confirmed output not yet spent, or an output of a mempool transaction. */
  private unspent(key: string): Prevout | undefined {
    const confirmed = this.utxos.get(key)
    if (confirmed) return confirmed
    const [txid = '', vout] = key.split(':')
    const output = this.mempool.get(txid)?.record.decoded.outputs[Number(vout)]
    return output && { value: output.amount, script: output.script }
  }

  private addToMempool(record: TxRecord, client: string | undefined): void {
    this.txs.set(record.txid, record)
    this.mempool.set(record.txid, { record, client })
    for (const input of record.decoded.inputs)
      this.mempoolSpends.set(outpointKey(bytesToHex(input.txid), input.index), record.txid)
    for (const script of touchedScripts(record)) this.indexOf(script).mempoolTxids.add(record.txid)
    if (client !== undefined) this.mempoolByClient.set(client, this.mempoolCountOf(client) + 1)
  }

  /** Adds a block of raw transactions (coinbase first) without validating them: `accept` already did. */
  private connectBlock(raws: readonly Uint8Array[], time: number): Block {
    const prev = this.tip
    const blockTime = Math.max(prev.time + 1, Math.floor(time))
    const txids = raws.map(txidOf)
    const merkle = merkleRoot(txids)
    const block: Block = {
      height: prev.height + 1,
      hash: blockHash(prev.hash, merkle, blockTime),
      time: blockTime,
      prevHash: prev.hash,
      merkleRoot: merkle,
      txids,
    }
    const ref: BlockRef = { height: block.height, hash: block.hash, time: block.time }
    for (const [position, raw] of raws.entries())
      this.confirm(raw, txids[position] as string, position === 0, ref)
    this.blocks.push(block)
    this.blocksByHash.set(block.hash, block)
    return block
  }

  private confirm(raw: Uint8Array, txid: string, isCoinbase: boolean, block: BlockRef): void {
    const pending = this.mempool.get(txid)
    const decoded = pending?.record.decoded ?? RawTx.decode(raw)
    const prevouts = isCoinbase
      ? []
      : decoded.inputs.map(
          (input) => this.unspent(outpointKey(bytesToHex(input.txid), input.index)) as Prevout,
        )
    const record: TxRecord = pending?.record ?? {
      txid,
      raw,
      decoded,
      prevouts,
      fee: isCoinbase ? 0n : sum(prevouts) - sumOutputs(decoded),
      weight: weightOf(raw),
      isCoinbase,
      block: undefined,
    }
    record.block = block
    this.txs.set(txid, record)
    if (pending) this.leaveMempool(record, pending.client)
    if (!isCoinbase)
      for (const input of decoded.inputs) this.utxos.delete(outpointKey(bytesToHex(input.txid), input.index))
    decoded.outputs.forEach((output, vout) => {
      if (output.script[0] !== 0x6a)
        this.utxos.set(outpointKey(txid, vout), { value: output.amount, script: output.script })
    })
    for (const script of touchedScripts(record)) {
      const index = this.indexOf(script)
      index.chainTxids.push(txid)
      this.countTx(index.chain, record, hexBytes(script))
    }
  }

  private leaveMempool(record: TxRecord, client: string | undefined): void {
    this.mempool.delete(record.txid)
    for (const input of record.decoded.inputs)
      this.mempoolSpends.delete(outpointKey(bytesToHex(input.txid), input.index))
    for (const script of touchedScripts(record)) this.scripts.get(script)?.mempoolTxids.delete(record.txid)
    if (client === undefined) return
    const left = this.mempoolCountOf(client) - 1
    if (left > 0) this.mempoolByClient.set(client, left)
    else this.mempoolByClient.delete(client)
  }

  private indexOf(script: string): ScriptIndex {
    let index = this.scripts.get(script)
    if (!index) {
      index = { chain: emptyStats(), chainTxids: [], mempoolTxids: new Set() }
      this.scripts.set(script, index)
    }
    return index
  }

  /** Adds what `tx` funds and spends of `script` to `stats`, and counts the transaction once. */
  private countTx(stats: TxoStats, tx: TxRecord, script: Uint8Array): void {
    for (const output of tx.decoded.outputs)
      if (bytesEqual(output.script, script)) {
        stats.funded_txo_count++
        stats.funded_txo_sum += Number(output.amount)
      }
    for (const prevout of tx.prevouts)
      if (bytesEqual(prevout.script, script)) {
        stats.spent_txo_count++
        stats.spent_txo_sum += Number(prevout.value)
      }
    stats.tx_count++
  }
}

/** What `RegtestLedger.snapshot` writes and `restore` reads (hex of raw transactions). */
export type LedgerSnapshot = {
  version: 1
  blocks: { time: number; txs: string[] }[]
  mempool: string[]
}

/** Core's `AreInputsStandard` and `IsWitnessStandard`, narrowed to what this chain verifies. */
function checkInputsStandard(decoded: DecodedTx, prevouts: readonly Prevout[]): void {
  prevouts.forEach((prevout, index) => {
    const kind = spendableKind(prevout.script)
    if (kind === undefined) throw new TxRejection(-26, 'bad-txns-nonstandard-inputs')
    // A taproot witness of more than one element is a script-path spend or carries an annex.
    if (kind === 'p2tr' && (decoded.witnesses?.[index]?.length ?? 0) > 1)
      throw new TxRejection(-26, 'bad-witness-nonstandard')
  })
}

/** Every script the transaction pays or spends from, as hex, once each. */
function touchedScripts(tx: TxRecord): Set<string> {
  const scripts = new Set<string>()
  for (const prevout of tx.prevouts) scripts.add(bytesToHex(prevout.script))
  for (const output of tx.decoded.outputs)
    if (output.script[0] !== 0x6a) scripts.add(bytesToHex(output.script))
  return scripts
}

function weightOf(raw: Uint8Array): number {
  return Transaction.fromRaw(raw, {
    allowUnknownInputs: true,
    allowUnknownOutputs: true,
    allowUnknownVersion: true,
    disableScriptCheck: true,
  }).weight
}

const sum = (prevouts: readonly Prevout[]) => prevouts.reduce((total, prevout) => total + prevout.value, 0n)
const sumOutputs = (decoded: DecodedTx) =>
  decoded.outputs.reduce((total, output) => total + output.amount, 0n)
