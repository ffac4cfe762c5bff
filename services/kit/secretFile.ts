import { readFileSync, statSync } from 'node:fs'

/**
 * The text of a file holding a secret (a key, a token), trimmed. As ssh does with its keys, a file its group or
 * other users may open is refused rather than used: it is no secret any more, and going on would hide that.
 */
export function readSecretFile(path: string): string {
  if ((statSync(path).mode & 0o077) !== 0)
    throw new Error(`${path}: other users than its owner may open it; chmod 600 it`)
  return readFileSync(path, 'utf8').trim()
}
