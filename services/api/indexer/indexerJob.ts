import type { BackgroundJob } from '../background/backgroundJob.js'
import type { Database } from '../db/index.js'
import type { ApiLogger } from '../http/types.js'
import { type Indexer, type IndexerOptions, startIndexer } from './startIndexer.js'

export type IndexedChain = { chainId: number; rpcUrl: string }

/**
 * One indexer per chain as the api's background job: one process follows the chains, so the RPC is read
 * once and a reorg is rewound by one writer. Another process taking over resumes after the newest block
 * stored; a range a lost holder still finishes meanwhile is saved only on the head it was read after
 * (IndexerStore.save), so it never lands beside the new holder's rows.
 */
export function indexerJob(
  chains: readonly IndexedChain[],
  settings: Pick<IndexerOptions, 'fromBlock' | 'pollMs'>,
  deps: { db: Database; logger: ApiLogger },
): BackgroundJob {
  // The indexers of the current hold; none while another process holds the lock.
  let running: { chainId: number; indexer: Indexer }[] = []
  return {
    name: 'indexer',
    gauges: [
      {
        name: 'pairwise_api_indexer_lag_blocks',
        help: 'Blocks between the chain head as last read and the newest indexed, by chain (in the process indexing).',
        read: () =>
          running
            .filter(({ indexer }) => indexer.chainHead() >= 0)
            .map(({ chainId, indexer }) => ({
              labels: { chain: String(chainId) },
              value: Math.max(0, indexer.chainHead() - indexer.head()),
            })),
      },
    ],
    async run(signal) {
      running = chains.map((chain) => ({
        chainId: chain.chainId,
        // Only the database and the logger: the api hands every job its background pace (`pollMs`, the
        // lock's), which would slow the indexer's own polling from 250 ms to a second.
        indexer: startIndexer({
          db: deps.db,
          logger: deps.logger,
          ...settings,
          chainId: chain.chainId,
          rpcUrl: chain.rpcUrl,
        }),
      }))
      deps.logger.info('indexer.started', { chains: chains.map((chain) => chain.chainId) })
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve()
        signal.addEventListener('abort', () => resolve(), { once: true })
      })
      for (const { indexer } of running) await indexer.stop()
      running = []
      deps.logger.info('indexer.stopped', { chains: chains.map((chain) => chain.chainId) })
    },
  }
}
