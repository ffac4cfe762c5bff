import type { NameRow } from './store.js'

/** AppKit's name record, as lookups, reverse lookups and registration answer it. */
export type NameRecord = {
  name: string
  registered: string
  updated: string
  addresses: Record<string, { address: string; created: string }>
  attributes: []
}

const iso = (ms: number) => new Date(ms).toISOString()

export function nameRecord(row: NameRow): NameRecord {
  return {
    name: row.name,
    registered: iso(row.createdAt),
    updated: iso(row.updatedAt),
    addresses: { [String(row.coinType)]: { address: row.address, created: iso(row.createdAt) } },
    attributes: [],
  }
}
