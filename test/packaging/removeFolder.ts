import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Removes a work folder and the apps installed in it. `rm -rf` takes well under half of `fs.rmSync`'s time
 * on a node_modules tree (Node 20's is written in JavaScript), and a worker's teardown holds back the next
 * spec file its slot runs.
 */
export async function removeFolder(folder: string): Promise<void> {
  await run('rm', ['-rf', folder])
}
