import * as z from 'zod/mini'
import { tokenBalanceSchema } from '../api/balances.js'
import type { TokenBalance } from '../state/types.js'
import type { KeyValue } from './context.js'
import { projectKey } from './projectMemory.js'

/**
 * How long a loaded list is shown again for the same network and address (AppKit 1.7's balance cache): a
 * reload, or another view, shows it at once. An entry older than this is neither shown nor kept.
 */
export const balanceCacheMs = 30_000

/**
 * Most lists kept, the most recently loaded: more pairs than a visitor goes through within balanceCacheMs,
 * while a list of many tokens can take tens of kilobytes of the origin's few megabytes of storage.
 */
export const maxBalanceCacheEntries = 10

/** Where an instance keeps its lists: its project's own item (projectMemory.ts). */
export function balanceCacheStorageKey(projectId: string | undefined): string {
  return projectKey('pairwise:balanceCache', projectId)
}

const entriesSchema = z.array(
  z.object({ key: z.string(), at: z.number(), balances: z.array(tokenBalanceSchema) }),
)

type Entry = z.infer<typeof entriesSchema>[number]

/** The token balances lists an instance keeps, each under its `network:address` key (BAL-04). */
export type BalanceCache = {
  /** The list loaded for `key` less than balanceCacheMs before `now`. */
  read(key: string, now: number): TokenBalance[] | undefined
  /** Keeps `balances` for `key`, loaded at `now`; the entries past their age, or past the most kept, go. */
  write(key: string, now: number, balances: TokenBalance[]): void
  forget(key: string): void
}

export function balanceCache(memory: KeyValue, projectId: string | undefined): BalanceCache {
  const storageKey = balanceCacheStorageKey(projectId)
  const stored = (): Entry[] => {
    const text = memory.getItem(storageKey)
    if (text === null) return []
    // The memory is the page's storage: what it holds is read back through the schema like any other input.
    const entries = z.safeParse(entriesSchema, parseJson(text))
    return entries.success ? entries.data : []
  }
  const live = (now: number) => stored().filter((e) => e.at <= now && now - e.at < balanceCacheMs)
  const store = (entries: Entry[]) => {
    try {
      if (entries.length === 0) memory.removeItem(storageKey)
      else memory.setItem(storageKey, JSON.stringify(entries))
    } catch {
      // A full or refusing storage only costs the cache; the balances loaded are still shown.
    }
  }
  return {
    read: (key, now) => live(now).find((e) => e.key === key)?.balances,
    write(key, now, balances) {
      const others = live(now).filter((e) => e.key !== key)
      const newestFirst = [{ key, at: now, balances }, ...others].sort((a, b) => b.at - a.at)
      store(newestFirst.slice(0, maxBalanceCacheEntries))
    },
    forget: (key) => store(stored().filter((e) => e.key !== key)),
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
