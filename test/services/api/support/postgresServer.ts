import { spawn, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../support/ports.js'

export type PostgresServer = { url: string; stop(): Promise<void> }

/** The newest Debian PostgreSQL server's bin folder (`/usr/lib/postgresql/<major>/bin`). */
function postgresBin(): string {
  const majors = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  if (!majors[0]) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
  return join('/usr/lib/postgresql', majors[0], 'bin')
}

/** PostgreSQL refuses to run as root; as root we drop to the `postgres` user the Debian package creates. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args]
  return ['/usr/bin/setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]]
}

/**
 * A throwaway PostgreSQL cluster in a temp folder on a free port: trust auth on loopback only, no
 * durability (fsync off) since nothing outlives the test run; `stop()` waits for it to exit and removes it.
 */
export async function startPostgresServer(timeoutMs = 20_000): Promise<PostgresServer> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'pairwise-pg-'))
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres')
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ])
  const init = spawnSync(initdb, initArgs, { encoding: 'utf8' })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  const port = await freePort()
  const [postgres, args] = asServerUser(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ])
  const child = spawn(postgres, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const deadline = Date.now() + timeoutMs
  while (!(await ready(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
      throw new Error(`postgres did not start on ${port}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    async stop() {
      // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, nothing is waited for.
      if (child.exitCode === null) child.kill('SIGINT')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function userIds(name: string): { uid: number; gid: number } {
  const out = spawnSync('id', ['-u', name], { encoding: 'utf8' })
  const group = spawnSync('id', ['-g', name], { encoding: 'utf8' })
  if (out.status !== 0 || group.status !== 0) throw new Error(`no '${name}' user: is PostgreSQL installed?`)
  return { uid: Number(out.stdout.trim()), gid: Number(group.stdout.trim()) }
}

async function ready(url: string): Promise<boolean> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}
