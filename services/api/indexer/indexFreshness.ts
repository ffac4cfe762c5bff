import { createPublicClient, http, type PublicClient } from 'viem'
import type { Database } from '../db/index.js'

/** A chain the indexer follows, as far as freshness needs it. */
export type FreshChain = { chainId: number; rpcUrl: string }

export type IndexFreshnessOptions = {
  /** The chain's head now; by default `eth_blockNumber` at `rpcUrl`, never from a cache. */
  head?: (chain: FreshChain) => Promise<number>
  /** An index further behind than this is catching up, not live: waiting for it would not help. */
  maxLagBlocks?: number
  timeoutMs?: number
  pollMs?: number
  now?: () => number
}

const headTimeoutMs = 1000

/**
 * Answers read from the index (tokens held, NFTs, activity) include a transfer mined just before the
 * request: a live indexer polls the chain, so for a moment after a block it lags one or two behind, and
 * the modal then keeps the stale answer for its cache's 30 s. Such a request waits, briefly, until the
 * index holds the head the chain had when it came in.
 */
export class IndexFreshness {
  private readonly clients = new Map<number, PublicClient>()
  private readonly head: (chain: FreshChain) => Promise<number>

  constructor(
    private readonly db: Database,
    private readonly options: IndexFreshnessOptions = {},
  ) {
    this.head = options.head ?? ((chain) => this.rpcHead(chain))
  }

  /**
   * Resolves once the index of `chain` holds its current head, or at once when the index is empty, far
   * behind or the chain cannot be read, or after `timeoutMs` (2 s): the answer then is what the index has.
   */
  async caughtUp(chain: FreshChain): Promise<void> {
    const { maxLagBlocks = 8, timeoutMs = 2000, pollMs = 50, now = Date.now } = this.options
    const deadline = now() + timeoutMs
    const head = await this.head(chain).catch(() => undefined)
    if (head === undefined) return
    for (;;) {
      const indexed = await this.indexedHead(chain.chainId)
      if (indexed === undefined || indexed >= head || head - indexed > maxLagBlocks) return
      if (now() >= deadline) return
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  private async indexedHead(chainId: number): Promise<number | undefined> {
    const row = await this.db.get<{ number: number | string | null }>(
      'SELECT max(number) AS number FROM indexer_blocks WHERE chain_id = ?',
      [chainId],
    )
    return row?.number === null || row?.number === undefined ? undefined : Number(row.number)
  }

  private async rpcHead(chain: FreshChain): Promise<number> {
    let client = this.clients.get(chain.chainId)
    if (!client) {
      client = createPublicClient({
        transport: http(chain.rpcUrl, { timeout: headTimeoutMs, retryCount: 0 }),
      })
      this.clients.set(chain.chainId, client)
    }
    return Number(await client.getBlockNumber({ cacheTime: 0 }))
  }
}
