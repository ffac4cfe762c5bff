import { readFileSync, statSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { ApiLogger } from '../http/types.js'

/** What the operator's file holds, checked: throws an Error whose message says what is wrong. */
export type ParseFile<T> = (json: unknown) => T

export type WatchedJsonFileOptions<T> = {
  path: string
  parse: ParseFile<T>
  logger: ApiLogger
  /** Larger files are refused as invalid, so an edit cannot make the service hold an arbitrary amount. */
  maxBytes: number
}

type Stamp = { mtimeMs: number; size: number }
const sameStamp = (a: Stamp, b: Stamp) => a.mtimeMs === b.mtimeMs && a.size === b.size

function parseText<T>(text: string, parse: ParseFile<T>): T {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error('not valid JSON')
  }
  return parse(json)
}

/**
 * A JSON file the operator edits while the service runs. Read and checked at start (an invalid file then
 * throws: there is no good version to fall back on); afterwards re-read when its modification time or size
 * changes. An invalid edit, or a file gone missing, keeps the last good value and is logged once per change.
 */
export class WatchedJsonFile<T> {
  readonly #options: WatchedJsonFileOptions<T>
  #value: T
  #stamp: Stamp
  #checking: Promise<T> | undefined

  constructor(options: WatchedJsonFileOptions<T>) {
    this.#options = options
    const stamp = statSync(options.path)
    if (stamp.size > options.maxBytes) throw this.#invalid(`larger than ${options.maxBytes} bytes`)
    try {
      this.#value = parseText(readFileSync(options.path, 'utf8'), options.parse)
    } catch (error) {
      throw this.#invalid(error instanceof Error ? error.message : String(error))
    }
    this.#stamp = stamp
  }

  /** The file's value, re-read first when it changed on disk. Concurrent callers share one check. */
  current(): Promise<T> {
    this.#checking ??= this.#check().finally(() => {
      this.#checking = undefined
    })
    return this.#checking
  }

  async #check(): Promise<T> {
    const { path, parse, logger, maxBytes } = this.#options
    let stamp: Stamp
    try {
      stamp = await stat(path)
    } catch (error) {
      return this.#keep({ mtimeMs: -1, size: -1 }, `unreadable: ${String(error)}`)
    }
    if (sameStamp(stamp, this.#stamp)) return this.#value
    if (stamp.size > maxBytes) return this.#keep(stamp, `larger than ${maxBytes} bytes`)
    try {
      this.#value = parseText(await readFile(path, 'utf8'), parse)
    } catch (error) {
      return this.#keep(stamp, error instanceof Error ? error.message : String(error))
    }
    this.#stamp = stamp
    logger.info('config file reloaded', { path })
    return this.#value
  }

  #keep(stamp: Stamp, reason: string): T {
    if (!sameStamp(stamp, this.#stamp)) {
      this.#stamp = stamp
      this.#options.logger.warn('config file invalid, keeping the last good version', {
        path: this.#options.path,
        reason,
      })
    }
    return this.#value
  }

  #invalid(reason: string): Error {
    return new Error(`${this.#options.path}: ${reason}`)
  }
}
