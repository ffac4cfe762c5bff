import type { Address } from 'viem'
import { mapConcurrently } from '../../kit/index.js'
import type { Database } from '../db/index.js'
import type { ApiLogger } from '../http/types.js'
import { type BlockHead, ChainReader, type TokenKind } from './chainReader.js'
import { IndexerStore, type NewToken } from './store.js'
import { carriesValue, nativeTransfersOf, type TransferRow, transferOfLog } from './transferRow.js'

export type IndexerOptions = {
  db: Database
  rpcUrl: string
  chainId: number
  /** Where a fresh database starts (default 0); a database that has blocks resumes after its newest. */
  fromBlock?: number
  logger: ApiLogger
  /** How often the chain head is asked for once caught up. */
  pollMs?: number
  /** Most blocks read per step (one JSON-RPC batch of full blocks). */
  maxBlocksPerRange?: number
  /**
   * A range answering more Transfer logs than this, or whose logs the RPC refuses, is halved and read
   * again (a single block is taken whole, from its receipts when the RPC refuses its logs).
   */
  maxLogsPerRange?: number
  /** Block hashes kept for reorg detection; a reorg deeper than this re-indexes from `fromBlock`. */
  keepHashes?: number
}

export type Indexer = {
  /** Stops following; pending `caughtUp()` calls reject. */
  stop(): Promise<void>
  /** Resolves once the indexer has reached the chain head as it stands after this call. */
  caughtUp(): Promise<void>
  /** The newest block indexed, -1 before the first. */
  head(): number
  /** The chain's newest block as last read, -1 before the first read. */
  chainHead(): number
}

/** New token contracts whose name, symbol and decimals are read at once. */
export const TOKENS_READ_AT_ONCE = 8

/** idle: at the head; progress: more to read now; retry: the chain moved or failed, look again after a pause. */
type Step = 'idle' | 'progress' | 'retry'
type Waiter = { armed: boolean; resolve(): void; reject(error: Error): void }

/**
 * Follows one chain into the database: catches up from the start block in bounded ranges, then polls
 * for new blocks. Each range is checked against the stored parent hash; on a mismatch the rows above the
 * common ancestor are dropped and indexing resumes from there.
 */
export function startIndexer(options: IndexerOptions): Indexer {
  return new ChainFollower(options)
}

class ChainFollower implements Indexer {
  private readonly reader: ChainReader
  private readonly store: IndexerStore
  private readonly settings: Required<Omit<IndexerOptions, 'db' | 'rpcUrl' | 'logger'>>
  private readonly waiters: Waiter[] = []
  private readonly running: Promise<void>
  private stored: BlockHead | undefined
  private latestSeen = -1
  private span: number
  private stopped = false
  private wake: (() => void) | undefined

  constructor(private readonly options: IndexerOptions) {
    this.reader = new ChainReader(options.rpcUrl)
    this.store = new IndexerStore(options.db, options.chainId)
    this.settings = {
      chainId: options.chainId,
      fromBlock: options.fromBlock ?? 0,
      pollMs: options.pollMs ?? 250,
      maxBlocksPerRange: options.maxBlocksPerRange ?? 100,
      maxLogsPerRange: options.maxLogsPerRange ?? 10_000,
      keepHashes: options.keepHashes ?? 1024,
    }
    this.span = this.settings.maxBlocksPerRange
    this.running = this.run()
  }

  head(): number {
    return this.stored?.number ?? -1
  }

  chainHead(): number {
    return this.latestSeen
  }

  caughtUp(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the indexer is stopped'))
    return new Promise((resolve, reject) => this.waiters.push({ armed: false, resolve, reject }))
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.wake?.()
    await this.running
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('the indexer is stopped'))
  }

  private async run(): Promise<void> {
    const { chainId, pollMs } = this.settings
    let failures = 0
    let checked = false
    while (!this.stopped) {
      let step: Step
      try {
        if (!checked) {
          await this.checkChain()
          checked = true
        }
        step = await this.step()
        failures = 0
      } catch (error) {
        failures++
        this.options.logger.warn('indexer.failed', { chainId, error: String(error), failures })
        step = 'retry'
      }
      if (step !== 'progress') await this.sleep(Math.min(5000, pollMs * 2 ** failures))
    }
  }

  private async checkChain(): Promise<void> {
    const answered = await this.reader.chainId()
    if (answered !== this.settings.chainId)
      throw new Error(`the RPC serves chain ${answered}, not ${this.settings.chainId}`)
    this.stored = await this.store.head()
  }

  private async step(): Promise<Step> {
    for (const waiter of this.waiters) waiter.armed = true
    const latest = await this.reader.latest()
    this.latestSeen = latest.number
    const stored = this.stored
    if (stored && latest.number <= stored.number) {
      const storedHash =
        latest.number === stored.number
          ? stored.hash
          : (await this.store.hashes(latest.number, latest.number)).get(latest.number)
      if (storedHash !== latest.hash) return this.rollBack(latest.number)
      // The chain got shorter without forking below its new head (a reverted dev chain).
      if (latest.number < stored.number) await this.dropAbove({ number: latest.number, hash: latest.hash })
      this.settle()
      return 'idle'
    }
    const from = stored ? stored.number + 1 : this.settings.fromBlock
    if (from > latest.number) {
      this.settle()
      return 'idle'
    }
    return this.indexRange(from, Math.min(latest.number, from + this.span - 1))
  }

  private async indexRange(from: number, to: number): Promise<Step> {
    const blocks = await this.reader.blocks(from, to)
    // The chain moved between asking its head and reading: the next step looks again.
    if (!blocks) return 'retry'
    const [first] = blocks
    if (this.stored && first?.parentHash !== this.stored.hash) return this.rollBack(from - 1)
    for (let i = 1; i < blocks.length; i++) if (blocks[i]?.parentHash !== blocks[i - 1]?.hash) return 'retry'
    // Providers refuse a range with too many logs (Infura, Alchemy: 10k) or blocks rather than answer a
    // part, each with its own error: a range refused is read again halved. A single block refused cannot
    // be halved, nor its filter narrowed (it asks for every Transfer, of any contract, to anyone): its
    // receipts hold the same logs.
    const answered = await this.reader.transferLogs(from, to).catch(() => undefined)
    if (to > from && (!answered || answered.length > this.settings.maxLogsPerRange)) {
      this.span = Math.max(1, Math.floor((to - from + 1) / 2))
      // Nothing is wrong with the chain: the smaller range is read at once.
      return 'progress'
    }
    const logs = answered ?? (await this.reader.receiptTransferLogs(blocks.map((block) => block.hash)))
    // The block left the chain since it was read.
    if (!logs) return 'retry'
    const byHash = new Map(
      blocks.map((block) => [
        block.hash,
        { number: Number(block.number), timestamp: Number(block.timestamp) },
      ]),
    )
    const transfers: TransferRow[] = []
    for (const log of logs) {
      const block = log.blockHash ? byHash.get(log.blockHash) : undefined
      // The chain moved between the reads, or the node answers logs of no block read (a pending one, another
      // node's fork): a failure, warned of and backed off from, not a range read again every poll for good.
      if (block === undefined)
        throw new Error(`a log of block ${log.blockHash} is not one of the blocks read (${from} to ${to})`)
      const row = transferOfLog(log, block)
      if (row) transfers.push(row)
    }
    const valueBlocks = blocks.filter(carriesValue)
    const failed = valueBlocks.length
      ? await this.reader.failedTransactions(valueBlocks.map((block) => block.hash))
      : new Set<string>()
    for (const block of valueBlocks) transfers.push(...nativeTransfersOf(block, failed))
    const tokens = await this.newTokens(transfers)
    const last = blocks[blocks.length - 1] as (typeof blocks)[number]
    const saved = await this.store.save(
      this.stored,
      blocks.map((block) => ({
        number: Number(block.number),
        hash: block.hash,
        parentHash: block.parentHash,
      })),
      transfers,
      tokens,
      to - this.settings.keepHashes + 1,
    )
    if (!saved) {
      // Another process wrote or rolled back meanwhile (this one lost the indexer, or is taking it over).
      this.stored = await this.store.head()
      this.options.logger.warn('indexer.head_moved', { chainId: this.settings.chainId, from, to })
      return 'retry'
    }
    this.stored = { number: to, hash: last.hash }
    this.span = Math.min(this.settings.maxBlocksPerRange, this.span * 2)
    return 'progress'
  }

  /** Name, symbol and decimals of token contracts seen for the first time, read once each. */
  private async newTokens(transfers: readonly TransferRow[]): Promise<NewToken[]> {
    const seen = new Map<string, { kind: TokenKind; firstBlock: number }>()
    for (const { kind, token, blockNumber } of transfers)
      if (kind !== 'native' && !seen.has(token)) seen.set(token, { kind, firstBlock: blockNumber })
    const known = await this.store.knownTokens([...seen.keys()])
    const fresh = [...seen].filter(([address]) => !known.has(address))
    // Five calls a token: a range of a busy chain can hold hundreds of new ones, which all at once a hosted
    // RPC would refuse, and a refused read is kept as '' and 0 decimals.
    return mapConcurrently(fresh, TOKENS_READ_AT_ONCE, async ([address, { kind, firstBlock }]) => ({
      address,
      firstBlock,
      info: await this.reader.tokenInfo(address as Address, kind),
    }))
  }

  /** Finds the newest block at or below `top` the store and the chain agree on and drops what is above. */
  private async rollBack(top: number): Promise<Step> {
    const oldest = await this.store.oldest()
    for (let high = top; oldest !== undefined && high >= oldest; high -= 64) {
      const low = Math.max(oldest, high - 63)
      const [stored, chain] = await Promise.all([this.store.hashes(low, high), this.reader.hashes(low, high)])
      for (let n = high; n >= low; n--) {
        const hash = chain[n - low]
        if (hash && stored.get(n) === hash) {
          await this.dropAbove({ number: n, hash })
          return 'progress'
        }
      }
    }
    await this.dropAbove(undefined)
    return 'progress'
  }

  private async dropAbove(ancestor: BlockHead | undefined): Promise<void> {
    const { chainId } = this.settings
    await this.store.rollbackAbove(ancestor?.number ?? -1)
    this.options.logger.info('indexer.reorg', {
      chainId,
      from: this.stored?.number,
      to: ancestor?.number ?? -1,
    })
    this.stored = ancestor
  }

  private settle(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]
      if (waiter?.armed) {
        this.waiters.splice(i, 1)
        waiter.resolve()
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = done
    })
  }
}
