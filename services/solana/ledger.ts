import {
  type Address,
  address,
  getBase58Decoder,
  lamports,
  type Signature,
  type Transaction,
} from '@solana/kit'
import type { LiteSVM, TransactionMetadata } from 'litesvm'
import { messageFee } from './fees.js'
import { solanaLimits } from './limits.js'
import { type TokenBalance, tokenBalancesOf } from './tokenBalances.js'
import {
  type LiteSvmTransactionError,
  type RpcTransactionError,
  rpcTransactionError,
} from './transactionErrors.js'
import type { DecodedTransaction } from './wireTransaction.js'

/** What the chain remembers of a transaction that landed (or of an airdrop, which has no wire bytes). */
export type TransactionRecord = {
  signature: string
  slot: number
  blockTime: number
  err: RpcTransactionError | null
  fee: number
  logs: string[]
  unitsConsumed: number
  accountKeys: string[]
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  decoded?: DecodedTransaction
}

export type ExecutionOutcome = { err: RpcTransactionError | null; logs: string[]; unitsConsumed: number }

export type LedgerEvent = { kind: 'transaction'; record: TransactionRecord } | { kind: 'slot'; slot: number }

/** Blocks a blockhash stays valid for on a real cluster: lastValidBlockHeight = blockHeight + this. */
const blockhashLifetime = 150

type FailedMetadata = { err(): LiteSvmTransactionError; meta(): TransactionMetadata }

function isFailure(value: object): value is FailedMetadata {
  return typeof (value as Partial<FailedMetadata>).err === 'function'
}

function outcomeOf(result: FailedMetadata | TransactionMetadata): ExecutionOutcome {
  const meta = isFailure(result) ? result.meta() : result
  return {
    err: isFailure(result) ? rpcTransactionError(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
  }
}

/**
 * The chain's state around one litesvm instance: slots (they move one per landed transaction, since
 * litesvm has no clock of its own), the one valid blockhash, and the history the RPC serves.
 */
export class SolanaLedger {
  private readonly records = new Map<string, TransactionRecord>()
  private readonly signaturesByAddress = new Map<string, string[]>()
  private readonly listeners = new Set<(event: LedgerEvent) => void>()
  private readonly firstSlot: bigint
  private transactionCount = 0

  constructor(
    readonly svm: LiteSVM,
    /** Transactions remembered, oldest dropped first; tests make it small. */
    private readonly maxStoredTransactions: number = solanaLimits.maxStoredTransactions,
  ) {
    this.firstSlot = svm.getClock().slot
  }

  slot(): number {
    return Number(this.svm.getClock().slot)
  }

  blockHeight(): number {
    return Number(this.svm.getClock().slot - this.firstSlot)
  }

  transactions(): number {
    return this.transactionCount
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return {
      blockhash: this.svm.latestBlockhash(),
      lastValidBlockHeight: this.blockHeight() + blockhashLifetime,
    }
  }

  isBlockhashValid(blockhash: string): boolean {
    return blockhash === this.svm.latestBlockhash()
  }

  balance(of: string): number {
    return Number(this.svm.getBalance(address(of)) ?? 0n)
  }

  on(listener: (event: LedgerEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  record(signature: string): TransactionRecord | undefined {
    return this.records.get(signature)
  }

  /** Newest first. */
  signaturesFor(of: string): readonly string[] {
    return this.signaturesByAddress.get(of) ?? []
  }

  /** Runs a transaction without landing it; `sigVerify: false` accepts unsigned ones, as the RPC's simulate does. */
  simulate(transaction: Transaction, { sigVerify }: { sigVerify: boolean }): ExecutionOutcome {
    if (sigVerify) return outcomeOf(this.simulateRaw(transaction))
    this.svm.withSigverify(false)
    try {
      return outcomeOf(this.simulateRaw(transaction))
    } finally {
      this.svm.withSigverify(true)
    }
  }

  private simulateRaw(transaction: Transaction): FailedMetadata | TransactionMetadata {
    const result = this.svm.simulateTransaction(transaction)
    return isFailure(result) ? result : result.meta()
  }

  /**
   * Hands a transaction to litesvm. It lands (and is remembered) when litesvm keeps it in its history, which
   * includes failed executions that paid their fee; a dropped one (expired blockhash, duplicate) leaves no trace.
   */
  submit(decoded: DecodedTransaction): ExecutionOutcome {
    const keys = decoded.message.staticAccounts.map(String)
    const preBalances = keys.map((key) => this.balance(key))
    const preTokenBalances = tokenBalancesOf(this.svm, keys)
    const outcome = outcomeOf(this.svm.sendTransaction(decoded.transaction))
    if (
      this.records.has(decoded.signature) ||
      this.svm.getTransaction(decoded.signature as Signature) === null
    )
      return outcome
    this.land({
      signature: decoded.signature,
      ...this.stamp(),
      err: outcome.err,
      fee: Number(messageFee(decoded.message)),
      logs: outcome.logs,
      unitsConsumed: outcome.unitsConsumed,
      accountKeys: keys,
      preBalances,
      postBalances: keys.map((key) => this.balance(key)),
      preTokenBalances,
      postTokenBalances: tokenBalancesOf(this.svm, keys),
      decoded,
    })
    return outcome
  }

  /** Credits `to` from litesvm's faucet; the signature's status is kept so clients can confirm it. */
  airdrop(to: Address, amount: bigint): string {
    const before = this.balance(to)
    const result = this.svm.airdrop(to, lamports(amount))
    if (result === null || isFailure(result)) throw new Error('the airdrop failed')
    const signature = getBase58Decoder().decode(result.signature())
    this.land({
      signature,
      ...this.stamp(),
      err: null,
      fee: 0,
      logs: result.logs(),
      unitsConsumed: 0,
      accountKeys: [to],
      preBalances: [before],
      postBalances: [this.balance(to)],
      preTokenBalances: [],
      postTokenBalances: [],
    })
    return signature
  }

  /** Makes the current blockhash stale and moves past its last valid block height, as 151 blocks would. */
  expireBlockhash(): void {
    this.svm.expireBlockhash()
    this.svm.warpToSlot(this.svm.getClock().slot + BigInt(blockhashLifetime + 1))
    this.emit({ kind: 'slot', slot: this.slot() })
  }

  private stamp(): { slot: number; blockTime: number } {
    return { slot: this.slot(), blockTime: Math.floor(Date.now() / 1000) }
  }

  private land(record: TransactionRecord): void {
    this.transactionCount++
    this.records.set(record.signature, record)
    if (this.records.size > this.maxStoredTransactions) {
      const oldest = this.records.values().next().value
      if (oldest !== undefined) this.forget(oldest)
    }
    if (record.decoded)
      for (const key of new Set(record.accountKeys)) {
        const list = this.signaturesByAddress.get(key) ?? []
        list.unshift(record.signature)
        list.length = Math.min(list.length, solanaLimits.maxSignaturesPerAddress)
        this.signaturesByAddress.set(key, list)
      }
    this.svm.warpToSlot(this.svm.getClock().slot + 1n)
    this.emit({ kind: 'transaction', record })
    this.emit({ kind: 'slot', slot: this.slot() })
  }

  /**
   * Drops a transaction and its place in the address index: a transaction names up to 35 keys that need
   * not exist, so an index outliving its records would grow by that many addresses a transaction.
   */
  private forget(record: TransactionRecord): void {
    this.records.delete(record.signature)
    if (!record.decoded) return
    for (const key of new Set(record.accountKeys)) {
      const list = this.signaturesByAddress.get(key)
      const index = list?.lastIndexOf(record.signature) ?? -1
      if (list === undefined || index === -1) continue
      list.splice(index, 1)
      if (list.length === 0) this.signaturesByAddress.delete(key)
    }
  }

  private emit(event: LedgerEvent): void {
    for (const listener of this.listeners) listener(event)
  }
}
