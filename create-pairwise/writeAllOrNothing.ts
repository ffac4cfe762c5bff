import { lstat, mkdir, open, rmdir, stat, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** The target exists and holds something: the scaffolder never writes over files. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError'
}

/**
 * Writes each file (a path relative to `target`, and its text) into `target`, made if missing, all or nothing:
 * a file that is there already is never opened for writing, nor is a file or link that stands where one of the
 * app's folders goes followed, and a failure or an abort of `signal` takes away every file and folder this call
 * made, newest first, before it throws.
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
    signal?.throwIfAborted()
    await makeTarget(target, undo)
    for (const [path, text] of files) {
      signal?.throwIfAborted()
      await makeFolderWithin(target, dirname(path), undo)
      await writeNew(join(target, path), text, undo)
    }
    signal?.throwIfAborted()
  } catch (error) {
    // Best effort, and quietly: the failure to report is the one that stopped the write. A folder someone else
    // has put a file in meanwhile stays, as rmdir refuses a folder that is not empty.
    for (const step of undo.reverse()) await step().catch(() => undefined)
    throw error
  }
}

/**
 * Makes `folder` and any missing parents, each one it made recorded; one that exists is not this call's. Links
 * on the way are followed: the path is the user's, and a target linked to an empty folder elsewhere is their
 * choice of where the app goes.
 */
async function makeTarget(folder: string, undo: (() => Promise<void>)[]): Promise<void> {
  try {
    await mkdir(folder)
    undo.push(() => rmdir(folder))
  } catch (error) {
    if (codeOf(error) === 'EEXIST') {
      // A link that leads nowhere exists too, and stat fails on it: no folder either.
      if ((await stat(folder).catch(() => undefined))?.isDirectory()) return
      throw new TargetNotEmptyError(`${folder} exists and is not a folder`)
    }
    if (codeOf(error) !== 'ENOENT' || dirname(folder) === folder) throw error
    await makeTarget(dirname(folder), undo)
    await makeTarget(folder, undo)
  }
}

/**
 * Makes `folder`, relative to `target`, and its missing parents down from `target`, each one it made recorded.
 * One that exists must be a folder itself, not a link (nor a file): one put there after the target was found
 * empty would send the files below it elsewhere, as 'wx' guards only the last part of a path.
 */
async function makeFolderWithin(
  target: string,
  folder: string,
  undo: (() => Promise<void>)[],
): Promise<void> {
  if (folder === '.') return
  await makeFolderWithin(target, dirname(folder), undo)
  const path = join(target, folder)
  try {
    await mkdir(path)
    undo.push(() => rmdir(path))
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error
    if ((await lstat(path)).isDirectory()) return
    throw new TargetNotEmptyError(
      `${path} appeared while the app was being written, and is no folder; it is left as it was`,
    )
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
