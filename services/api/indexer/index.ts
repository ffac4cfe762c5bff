export { type IndexedChain, indexerJob } from './indexerJob.js'
export { indexerMigrations } from './migrations.js'
export { type Indexer, type IndexerOptions, startIndexer } from './startIndexer.js'
