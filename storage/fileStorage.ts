import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type KeyValueStorage, type ReportProblem, toJsonText } from './keyValueStorage.js'

const suffix = '.json'

export type FileStorageOptions = {
  /** Folder that holds one JSON file per key; created when missing. */
  directory: string
  /** Told about files that are not valid JSON; they read as absent. */
  onProblem?: ReportProblem
}

/**
 * Node storage: one JSON file per key, written to a temporary file and renamed into place, so a crash
 * mid-write leaves the previous value, never a torn one. Writes to one key are applied in call order.
 */
export class FileStorage implements KeyValueStorage {
  private readonly directory: string
  private readonly onProblem: ReportProblem
  private readonly pending = new Map<string, Promise<void>>()
  private ready: Promise<void> | undefined

  constructor({ directory, onProblem = () => {} }: FileStorageOptions) {
    this.directory = directory
    this.onProblem = onProblem
  }

  async getKeys(): Promise<string[]> {
    await this.ensureDirectory()
    return (await readdir(this.directory))
      .filter((name) => name.endsWith(suffix))
      .map((name) => decodeURIComponent(name.slice(0, -suffix.length)))
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    const result: [string, T][] = []
    for (const key of await this.getKeys()) {
      const value = await this.getItem<T>(key)
      if (value !== undefined) result.push([key, value])
    }
    return result
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    await this.pending.get(key)
    let text: string
    try {
      text = await readFile(this.path(key), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
    try {
      return JSON.parse(text) as T
    } catch {
      this.onProblem({ key, reason: 'the file is not valid JSON' })
      return undefined
    }
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    const text = toJsonText(key, value)
    return this.enqueue(key, async () => {
      const target = this.path(key)
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(temporary, text)
      await rename(temporary, target)
    })
  }

  async removeItem(key: string): Promise<void> {
    return this.enqueue(key, () => rm(this.path(key), { force: true }))
  }

  private path(key: string): string {
    return join(this.directory, `${encodeURIComponent(key)}${suffix}`)
  }

  private ensureDirectory(): Promise<void> {
    this.ready ??= mkdir(this.directory, { recursive: true }).then(() => undefined)
    return this.ready
  }

  private enqueue(key: string, write: () => Promise<void>): Promise<void> {
    const previous = this.pending.get(key) ?? Promise.resolve()
    const next = previous.then(() => this.ensureDirectory()).then(write)
    const settled = next.catch(() => {})
    this.pending.set(key, settled)
    void settled.then(() => {
      if (this.pending.get(key) === settled) this.pending.delete(key)
    })
    return next
  }
}
