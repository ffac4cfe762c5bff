import { join } from 'node:path'
import type { Logger } from '@pairwise/common'
import { FileStorage } from '@pairwise/storage/node'
import { z } from 'zod'
import type { LedgerSnapshot } from './ledger.js'

const KEY = 'regtest'

const hex = z.string().regex(/^(?:[0-9a-f]{2})+$/, 'must be hex')

const snapshotSchema = z.strictObject({
  version: z.literal(1),
  blocks: z.array(z.strictObject({ time: z.number().int().nonnegative(), txs: z.array(hex).min(1) })),
  mempool: z.array(hex),
})

/**
 * The chain kept in `<dataDir>/bitcoin/regtest.json`, written whole or not at all (FileStorage's atomic
 * rename). Saves are coalesced: while one is written, further changes make one more write after it, of
 * the chain as it is then.
 */
export class ChainFile {
  private readonly storage: FileStorage
  /** Where the chain is kept. */
  readonly file: string
  private readonly problems: string[] = []
  private dirty = false
  private writing: Promise<void> | undefined
  /** The last write's failure, for readiness; cleared by the next write that succeeds. */
  failure: Error | undefined

  constructor(
    dataDir: string,
    private readonly snapshotOf: () => LedgerSnapshot,
    private readonly logger: Logger,
  ) {
    const directory = join(dataDir, 'bitcoin')
    this.file = join(directory, `${KEY}.json`)
    this.storage = new FileStorage({
      directory,
      onProblem: ({ reason }) => this.problems.push(reason),
    })
  }

  /** The saved chain, or undefined when there is none; a file that is not one throws rather than being overwritten. */
  async load(): Promise<LedgerSnapshot | undefined> {
    const saved = await this.storage.getItem(KEY)
    if (this.problems.length > 0)
      throw new Error(`The Bitcoin chain file is unreadable: ${this.problems.join('; ')}`)
    if (saved === undefined) return undefined
    const parsed = snapshotSchema.safeParse(saved)
    if (!parsed.success)
      throw new Error(
        `The Bitcoin chain file is not a saved regtest chain: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      )
    return parsed.data
  }

  /** Saves the chain as it will be once the write in progress (if any) is done. */
  save(): void {
    this.dirty = true
    this.writing ??= this.drain()
  }

  /** Resolves once every change saved so far is on disk. */
  flush(): Promise<void> {
    return this.writing ?? Promise.resolve()
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      this.dirty = false
      try {
        await this.storage.setItem(KEY, this.snapshotOf())
        this.failure = undefined
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error))
        this.logger.error('bitcoin chain file write failed', { error: this.failure.message })
      }
    }
    this.writing = undefined
  }
}
