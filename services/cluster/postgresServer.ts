import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChildGroup, waitUntil } from '../process/childGroup.js'
import { groupListensOn } from '../process/groupListens.js'
import { hostPort } from './haproxyConfig.js'
import { type LocalServerOptions, outputTail } from './localServer.js'

export type PostgresServer = {
  /** `postgres://postgres:<password>@host:port/postgres`: the superuser's password, made at start. */
  url: string
  /** The process group of the server (its guard leads it); `kill -9 -<pgid>` ends it at once. */
  pgid: number
  /** Fast shutdown (open sessions ended), then the folder is removed; resolves once it has exited. */
  stop(): Promise<void>
}

/** The newest Debian PostgreSQL server's bin folder (`/usr/lib/postgresql/<major>/bin`). */
function postgresBin(): string {
  let majors: string[] = []
  try {
    majors = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
  } catch {
    // Not installed: said below.
  }
  if (!majors[0]) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
  return join('/usr/lib/postgresql', majors[0], 'bin')
}

/** PostgreSQL refuses to run as root; as root we drop to the `postgres` user the Debian package creates. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args]
  return ['/usr/bin/setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]]
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' })
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
  if (uid.status !== 0 || gid.status !== 0) throw new Error(`no '${name}' user: is PostgreSQL installed?`)
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

async function answers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * A throwaway PostgreSQL cluster in a temp folder (a production one is given by URL instead): on `host`
 * only, no durability (fsync off), since nothing in it outlives the run. Every connection, the socket's
 * too, needs the superuser's password, made here: any local user reaches a loopback port, and a superuser
 * runs commands (`COPY ... TO PROGRAM`). Its folder is in the system temp dir because, started as root, the
 * server runs as `postgres`, which must reach it.
 */
export async function startPostgres({
  port,
  host = '127.0.0.1',
  timeoutMs = 20_000,
}: LocalServerOptions): Promise<PostgresServer> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'pairwise-pg-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    const owner = process.getuid?.() === 0 ? userIds('postgres') : undefined
    if (owner) chownSync(dir, owner.uid, owner.gid)
    // Hex: nothing in it needs escaping in a URL. initdb reads it from a file (never its command line,
    // which `ps` shows) in the folder only the server's user enters, and keeps only its SCRAM hash.
    const password = randomBytes(32).toString('hex')
    const pwfile = join(dir, 'superuser.password')
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
    if (owner) chownSync(pwfile, owner.uid, owner.gid)
    const data = join(dir, 'data')
    const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
      '-D',
      data,
      '--auth-host=scram-sha-256',
      '--auth-local=scram-sha-256',
      `--pwfile=${pwfile}`,
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ])
    const init = spawnSync(initdb, initArgs, { encoding: 'utf8' })
    rmSync(pwfile, { force: true })
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
    const [postgres, args] = asServerUser(join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      `listen_addresses=${host}`,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ])
    // The folder holds every row and the password's hash: it goes with the server, even when we die first.
    const group = startChildGroup({
      name: 'postgres',
      command: postgres,
      args,
      output: 'pipe',
      removeOnExit: dir,
    })
    const output = outputTail(group)
    const url = `postgres://postgres:${password}@${hostPort(host, port)}/postgres`
    try {
      // Connecting sends the password (in clear, should the other end ask so): only to our own server,
      // never to another user who took the port before it could.
      const ready = async () => groupListensOn(group.pid, port) && (await answers(url))
      await waitUntil(ready, `postgres on ${host}:${port}`, {
        timeoutMs,
        intervalMs: 100,
        abort: group.exited,
      })
    } catch (error) {
      await group.stop(0)
      throw new Error(`${(error as Error).message}\n${output()}`)
    }
    return {
      url,
      pgid: group.pid,
      async stop() {
        // SIGINT to the postmaster is PostgreSQL's fast shutdown: sessions are ended, nothing is waited for.
        try {
          process.kill(Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT')
        } catch {
          // Already gone (its pid file with it).
        }
        await group.stop(10_000)
        remove()
      },
    }
  } catch (error) {
    remove()
    throw error
  }
}
