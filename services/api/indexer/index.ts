export { type IndexedChain, indexerJob } from './indexerJob.js'
export { type FreshChain, IndexFreshness, type IndexFreshnessOptions } from './indexFreshness.js'
export { indexerMigrations } from './migrations.js'
export { type Indexer, type IndexerOptions, startIndexer } from './startIndexer.js'
