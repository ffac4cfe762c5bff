import { siwxSessionSchema } from '@pairwise/engine/siwx'
import * as z from 'zod/mini'
import type { KeyValue } from '../controllers/context.js'
import { pageMemory } from '../controllers/memory.js'
import type { SIWXSession } from './types.js'

/** The localStorage key the sessions live under. */
export const SIWX_STORAGE_KEY = '@pairwise/siwx'
/** Most sessions kept; adding one more drops the oldest, so a page cannot grow the storage without end. */
export const MAX_STORED_SESSIONS = 64

/** The browser's sign-in sessions: read through the session schema, every unreadable entry left out. */
export class SessionStore {
  readonly #memory: KeyValue

  constructor(memory: KeyValue = pageMemory()) {
    this.#memory = memory
  }

  /** The stored sessions; unreadable entries (or a value that is no list) are removed from storage as well. */
  read(): SIWXSession[] {
    const text = this.#memory.getItem(SIWX_STORAGE_KEY)
    if (text === null) return []
    const stored = parseJson(text)
    const entries = Array.isArray(stored) ? stored : []
    const sessions = entries.flatMap((entry) => {
      const parsed = z.safeParse(siwxSessionSchema, entry)
      return parsed.success ? [parsed.data] : []
    })
    if (sessions.length !== entries.length || entries !== stored) this.write(sessions)
    return sessions
  }

  write(sessions: readonly SIWXSession[]): void {
    if (sessions.length === 0) this.#memory.removeItem(SIWX_STORAGE_KEY)
    else this.#memory.setItem(SIWX_STORAGE_KEY, JSON.stringify(sessions.slice(-MAX_STORED_SESSIONS)))
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
