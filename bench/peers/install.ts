import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Runs `npm ci` in a peer page's folder when its node_modules is missing or older than its lockfile (npm
 * rewrites node_modules/.package-lock.json on every install, so its age tells which lockfile it reflects).
 * Install scripts are skipped: the pages are only bundled, never run in Node.
 */
export function ensurePeerInstalled(directory: string, log: (line: string) => void): void {
  const installed = join(directory, 'node_modules/.package-lock.json')
  const lockfile = join(directory, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs) return
  log(`Installing ${directory} (npm ci)…`)
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: directory,
    stdio: 'inherit',
  })
  if (result.error) throw result.error
  if (result.status !== 0) throw new Error(`npm ci in ${directory} failed with exit code ${result.status}`)
}
