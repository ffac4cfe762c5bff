import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * How long an attempt may go without a line added to its log before it counts as stalled. npm logs each
 * manifest and tarball it fetches, so even a cold cache adds lines every few seconds.
 */
const STALL_MS = 90_000
const CHECK_MS = 5000
const ATTEMPTS = 2

export type InstallRun = { seconds: number; stderr: string }

type Attempt = { outcome: 'done' | 'failed' | 'stalled'; stderr: string }

/**
 * `npm install` in `folder` as the packaging tests run it: no audit, no fund, no install scripts, npm's
 * cache kept across runs in `cache`, then `extra` (packages to add). npm has been seen here to stall for
 * good mid-install (its log stopped after a dozen lines, one file-system request never answered), so an
 * attempt whose log stops growing is killed and the install runs once more; `what` names it in errors.
 */
export async function npmInstall(
  folder: string,
  cache: string,
  what: string,
  extra: string[] = [],
): Promise<InstallRun> {
  const started = Date.now()
  for (let attempt = 1; ; attempt++) {
    const { outcome, stderr } = await attemptInstall(folder, cache, extra)
    if (outcome === 'done') return { seconds: (Date.now() - started) / 1000, stderr }
    if (outcome === 'failed') throw new Error(`npm install failed for ${what}:\n${stderr}`)
    if (attempt === ATTEMPTS)
      throw new Error(
        `npm install for ${what} stalled ${ATTEMPTS} times (no log line for ${STALL_MS / 1000} s)`,
      )
    console.warn(
      `npm install for ${what} stalled (no log line for ${STALL_MS / 1000} s): killed, trying again`,
    )
  }
}

function attemptInstall(folder: string, cache: string, extra: string[]): Promise<Attempt> {
  // A log folder of its own: npm prunes old logs in the folder it writes to, another install's included.
  const logs = mkdtempSync(join(tmpdir(), 'pairwise-npm-logs-'))
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts']
  const child = spawn('npm', [...args, '--cache', cache, '--logs-dir', logs, ...extra], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
    // A group of its own, killed whole: a child left behind would hold stderr open, and the attempt with it.
    detached: true,
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  let logged = 0
  let grewAt = Date.now()
  let stalled = false
  const watchdog = setInterval(() => {
    const size = readdirSync(logs).reduce((sum, name) => sum + statSync(join(logs, name)).size, 0)
    if (size !== logged) {
      logged = size
      grewAt = Date.now()
    } else if (Date.now() - grewAt > STALL_MS) {
      stalled = true
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    }
  }, CHECK_MS)
  return new Promise((resolve) => {
    const finish = (outcome: Attempt['outcome']) => {
      clearInterval(watchdog)
      rmSync(logs, { recursive: true, force: true })
      resolve({ outcome, stderr })
    }
    // A spawn that fails emits its error, then closes with no exit code.
    child.once('error', (error) => {
      stderr += error.message
    })
    child.once('close', (code) => finish(stalled ? 'stalled' : code === 0 ? 'done' : 'failed'))
  })
}
