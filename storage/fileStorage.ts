import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { type KeyValueStorage, type ReportProblem, toJsonText } from './keyValueStorage.js'

const suffix = '.json'
// `<key>.json.<12 hex>.tmp`: what `setItem` writes before renaming, so start-up can tell leftovers apart.
const temporaryName = /\.json\.[0-9a-f]+\.tmp$/
// The keychain holds private keys: only the owner may read what we write, or list the folder we make.
const FILE_MODE = 0o600
const DIRECTORY_MODE = 0o700

export type FileStorageOptions = {
  /** Folder that holds one JSON file per key; created (owner-only) when missing. */
  directory: string
  /**
   * Told about files that are not valid JSON (they read as absent), about file names that are no encoded
   * key (they are not listed), about a folder or files start-up could not make owner-only or leftovers it
   * could not remove, and about folder syncs that failed.
   */
  onProblem?: ReportProblem
}

/**
 * Node storage: one JSON file per key, readable by its owner only. A value is written to a temporary
 * file, flushed to disk, renamed into place and the folder flushed, so a crash leaves the previous value
 * or the new one, never a torn one; a failed write removes its temporary file, and start-up removes those
 * an earlier crash left. Writes to one key are applied in call order, and every read sees the writes
 * called before it. A folder belongs to one FileStorage at a time: start-up takes every temporary file
 * in it for a leftover.
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
    await this.start()
    await Promise.all(this.pending.values())
    const keys: string[] = []
    for (const name of await readdir(this.directory)) {
      if (!name.endsWith(suffix)) continue
      const key = keyOfFileName(name)
      if (key === undefined) {
        // Not ours: listed, it would read as absent and removing it would miss the file; throwing would
        // hide every other key from the stores listing them.
        this.onProblem({ key: name, reason: 'the file name is not an encoded key' })
        continue
      }
      keys.push(key)
    }
    return keys
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
    await this.start()
    await this.pending.get(key)
    let text: string
    try {
      text = await readFile(this.path(key), 'utf8')
    } catch (error) {
      // A name too long holds nothing: setItem refuses such a key.
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENAMETOOLONG') return undefined
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
      try {
        const handle = await open(temporary, 'wx', FILE_MODE)
        try {
          await handle.writeFile(text)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temporary, target)
      } catch (error) {
        // Only opening the temporary file can find the name too long, so there is none to remove.
        if (errorCode(error) === 'ENAMETOOLONG') {
          throw new RangeError(`The key '${key}' is too long for a file name`, { cause: error })
        }
        await rm(temporary, { force: true })
        throw error
      }
      await this.syncDirectory(key)
    })
  }

  async removeItem(key: string): Promise<void> {
    return this.enqueue(key, async () => {
      try {
        await rm(this.path(key), { force: true })
      } catch (error) {
        // setItem refuses a key too long for a file name, so there is nothing to remove.
        if (errorCode(error) === 'ENAMETOOLONG') return
        throw error
      }
      await this.syncDirectory(key)
    })
  }

  private path(key: string): string {
    return join(this.directory, `${encodeURIComponent(key)}${suffix}`)
  }

  /**
   * Makes a rename or removal itself durable. The value is already in place when this runs, so a failure
   * is reported rather than thrown: the caller would otherwise believe a write failed that is visible.
   * Windows cannot open a folder to flush it, and NTFS journals renames itself.
   */
  private async syncDirectory(key: string): Promise<void> {
    if (process.platform === 'win32') return
    try {
      const handle = await open(this.directory, 'r')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
    } catch (error) {
      this.onProblem({ key, reason: `the folder could not be flushed to disk: ${(error as Error).message}` })
    }
  }

  /**
   * Creates the folder, or makes one that was there owner-only (mkdir leaves an existing folder's mode as it
   * was, and a folder others may list shows which keys exist), removes temporary files a crash left, and
   * makes older files owner-only.
   */
  private start(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.directory, { recursive: true, mode: DIRECTORY_MODE })
      // Windows keeps no POSIX modes: chmod there only sets or clears read-only.
      if (process.platform !== 'win32') {
        await chmod(this.directory, DIRECTORY_MODE).catch((error: Error) =>
          this.onProblem({
            key: this.directory,
            reason: `the folder could not be made owner-only: ${error.message}`,
          }),
        )
      }
      for (const name of await readdir(this.directory)) {
        const path = join(this.directory, name)
        // One file we cannot change (a dangling link, another user's, a read-only volume) must not lock
        // every key away.
        if (temporaryName.test(name)) {
          await rm(path, { force: true }).catch((error: Error) =>
            this.onProblem({
              key: name,
              reason: `the leftover temporary file could not be removed: ${error.message}`,
            }),
          )
        } else if (name.endsWith(suffix)) {
          await chmod(path, FILE_MODE).catch((error: Error) =>
            this.onProblem({ key: name, reason: `could not be made owner-only: ${error.message}` }),
          )
        }
      }
    })().catch((error: unknown) => {
      this.ready = undefined
      throw error
    })
    return this.ready
  }

  private enqueue(key: string, write: () => Promise<void>): Promise<void> {
    const previous = this.pending.get(key) ?? Promise.resolve()
    const next = previous.then(() => this.start()).then(write)
    const settled = next.catch(() => {})
    this.pending.set(key, settled)
    void settled.then(() => {
      if (this.pending.get(key) === settled) this.pending.delete(key)
    })
    return next
  }
}

/**
 * The key a `<encoded key>.json` file holds, if its name is the one `setItem` gives that key; undefined
 * for any other spelling (`%61`, a lowercase `%2f`) or a name that does not decode.
 */
function keyOfFileName(name: string): string | undefined {
  const encoded = name.slice(0, -suffix.length)
  try {
    const key = decodeURIComponent(encoded)
    return encodeURIComponent(key) === encoded ? key : undefined
  } catch {
    return undefined
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}
