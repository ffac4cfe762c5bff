import { mkdir, open, rmdir, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** The target exists and holds something: the scaffolder never writes over files. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError'
}

/**
 * Writes each file (a path relative to `target`, and its text) into `target`, made if missing, all or nothing:
 * a file that is there already is never opened for writing, and a failure or an abort of `signal` takes away
 * every file and folder this call made, newest first, before it throws.
 *
 * Undone by hand rather than written to a temporary folder and renamed into place: a rename cannot fill a
 * folder that exists (an empty one the user made, or `.` where their shell sits), so this one way serves both.
 */
export async function writeAllOrNothing(
  target: string,
  files: Iterable<readonly [path: string, text: string]>,
  signal?: AbortSignal,
): Promise<void> {
  const undo: (() => Promise<void>)[] = []
  try {
    await makeFolder(target, undo)
    for (const [path, text] of files) {
      signal?.throwIfAborted()
      const file = join(target, path)
      await makeFolder(dirname(file), undo)
      await writeNew(file, text, undo)
    }
    signal?.throwIfAborted()
  } catch (error) {
    // Best effort, and quietly: the failure to report is the one that stopped the write. A folder someone else
    // has put a file in meanwhile stays, as rmdir refuses a folder that is not empty.
    for (const step of undo.reverse()) await step().catch(() => undefined)
    throw error
  }
}

/** Makes `folder` and any missing parents, each one it made recorded; one that exists is not this call's. */
async function makeFolder(folder: string, undo: (() => Promise<void>)[]): Promise<void> {
  try {
    await mkdir(folder)
    undo.push(() => rmdir(folder))
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return
    if (codeOf(error) !== 'ENOENT' || dirname(folder) === folder) throw error
    await makeFolder(dirname(folder), undo)
    await makeFolder(folder, undo)
  }
}

// Opened exclusively ('wx'), so a file that appeared after the folder was found empty is refused, not replaced;
// recorded once made, before its text is written, so a failed write takes it away too.
async function writeNew(file: string, text: string, undo: (() => Promise<void>)[]): Promise<void> {
  const handle = await open(file, 'wx').catch((error: unknown) => {
    if (codeOf(error) !== 'EEXIST') throw error
    throw new TargetNotEmptyError(`${file} appeared while the app was being written; it is left as it was`)
  })
  undo.push(() => unlink(file))
  try {
    await handle.writeFile(text)
  } finally {
    await handle.close()
  }
}

const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? error.code : undefined)
