import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'

/** A folder of a service's data: its owner only may list or enter it. */
export const PRIVATE_DIR_MODE = 0o700
/** A file of a service's data (logins, emails, recovery blobs, mailboxes): its owner only may read it. */
export const PRIVATE_FILE_MODE = 0o600

/** The files SQLite keeps beside a database while it runs, each holding the database's pages. */
const sqliteCompanions = ['-wal', '-shm', '-journal']

/**
 * Makes `dir` (and any missing parent) with mode 0700 and narrows it to 0700 if it exists: for a folder
 * the service owns (the data dir), never for one it was merely told to write into. A shared folder (the
 * sticky bit, as /tmp) is refused rather than closed to everyone else, and so is a folder another user
 * owns, which root could narrow: its owner may widen it again, and plant a link where a key or config is
 * about to be written.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const { mode, uid } = statSync(dir)
  if (mode & 0o1000)
    throw new Error(`${dir} is a shared folder (sticky bit): give the data a folder of its own`)
  const ownUid = process.getuid?.()
  if (ownUid !== undefined && uid !== ownUid)
    throw new Error(`${dir}: owned by user ${uid}, not by this process's user ${ownUid}; chown it`)
  chmodSync(dir, PRIVATE_DIR_MODE)
}

/**
 * Readies a SQLite file for its owner only, before SQLite opens it: missing folders are made 0700 (an
 * existing folder is left as it is), the file is made 0600 or narrowed to it, and so are the companions
 * an earlier run left. SQLite gives the `-wal`, `-shm` and `-journal` files it creates later the main
 * file's mode, so they follow. `:memory:` has no file.
 */
export function privateSqliteFile(file: string): void {
  if (file === ':memory:' || file === '') return
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
  // Created only when absent ('wx'), never opened when present: closing a descriptor of a file drops every
  // POSIX lock this process holds on it, and a database already open here (a relay's exclusive lock)
  // must keep them.
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  for (const path of [file, ...sqliteCompanions.map((suffix) => `${file}${suffix}`)])
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE)
}
