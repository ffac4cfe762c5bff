/** Where a single relay node keeps its mailboxes: in memory, or in a SQLite file that survives restarts. */
export type RelayStoreSpec = 'memory' | `sqlite:${string}`

export type ParsedStoreSpec = { kind: 'memory' } | { kind: 'sqlite'; file: string }

/** Reads `--store` as typed by a user; the error says what is accepted. */
export function parseStoreSpec(value: string): ParsedStoreSpec {
  if (value === 'memory') return { kind: 'memory' }
  if (value.startsWith('sqlite:') && value.length > 'sqlite:'.length)
    return { kind: 'sqlite', file: value.slice('sqlite:'.length) }
  throw new Error(`--store must be 'memory' or 'sqlite:FILE', got '${value}'`)
}
