import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'

/**
 * The text of a file holding a secret (a key, a token), trimmed. As ssh does with its keys, a file that is not
 * a regular file, that another user owns, or that its group or other users may open is refused rather than
 * used: it is no secret any more (or another user decides what it says), and going on would hide that. The
 * file is opened once and checked through that descriptor, so what is checked is what is read; opening does
 * not wait on a FIFO put at the path. Windows has no such bits to check.
 */
export function readSecretFile(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    if (process.platform !== 'win32') refuseShared(path, fstatSync(fd))
    return readFileSync(fd, 'utf8').trim()
  } finally {
    closeSync(fd)
  }
}

function refuseShared(path: string, stat: { isFile(): boolean; uid: number; mode: number }): void {
  if (!stat.isFile()) throw new Error(`${path}: not a regular file`)
  const uid = process.getuid?.()
  if (uid !== undefined && stat.uid !== uid)
    throw new Error(`${path}: owned by user ${stat.uid}, not by this process's user ${uid}; chown it`)
  if ((stat.mode & 0o077) !== 0)
    throw new Error(`${path}: other users than its owner may open it; chmod 600 it`)
}
