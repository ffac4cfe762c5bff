import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startApi } from '../../services/api/index.js'
import { silentLogger, startRelay } from '../../services/relay/index.js'
import { runCli, useBundledCli } from '../support/cli.js'
import { freePort, isPortTaken } from '../support/ports.js'

const bundled = useBundledCli('file-modes')
const root = bundled.dir

const mode = (path: string) => statSync(path).mode & 0o777
/** Every entry of `dir` with its mode, in octal: one failure line shows all of them. */
const modes = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, mode(join(dir, name)).toString(8)]))
const ownerOnly = (dir: string) => Object.fromEntries(readdirSync(dir).map((name) => [name, '600']))

describe('the data dir and its files are readable by their owner only', () => {
  it('the relay makes its mailbox dir 0700 and relay.sqlite with its write-ahead log 0600', async () => {
    const dir = join(root, 'relay-data')
    const relay = await startRelay({
      port: 0,
      store: `sqlite:${join(dir, 'relay.sqlite')}`,
      logger: silentLogger,
    })
    try {
      expect(mode(dir).toString(8)).toBe('700')
      expect(readdirSync(dir)).toEqual(expect.arrayContaining(['relay.sqlite', 'relay.sqlite-wal']))
      expect(modes(dir)).toEqual(ownerOnly(dir))
    } finally {
      await relay.close()
    }
  })

  it('the api makes its database dir 0700 and api.sqlite, -wal and -shm 0600', async () => {
    const dir = join(root, 'api-data')
    const api = await startApi({ port: 0, database: join(dir, 'api.sqlite'), logger: silentLogger })
    try {
      expect(mode(dir).toString(8)).toBe('700')
      expect(readdirSync(dir)).toEqual(
        expect.arrayContaining(['api.sqlite', 'api.sqlite-wal', 'api.sqlite-shm']),
      )
      expect(modes(dir)).toEqual(ownerOnly(dir))
    } finally {
      await api.close()
    }
  })

  it('a data dir and database left readable by an earlier version are narrowed at start', async () => {
    const dir = join(root, 'old-data')
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    const first = await startApi({ port: 0, database: join(dir, 'api.sqlite'), logger: silentLogger })
    await first.close()
    for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o644)
    writeFileSync(join(dir, 'api.sqlite-journal'), '', { mode: 0o644 })
    const port = await freePort()
    const run = runCli(bundled.cli, ['api', '--port', String(port)], {
      ...process.env,
      PAIRWISE_DATA_DIR: dir,
      DATABASE_URL: '',
    })
    try {
      await run.waitFor(/api\s+http:/, 60_000)
      expect(mode(dir).toString(8)).toBe('700')
      expect(modes(dir)).toEqual(ownerOnly(dir))
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 90_000)
})

describe('the admin token never shows in the process list', () => {
  const tokenFile = join(root, 'admin-token')
  const token = randomBytes(32).toString('hex')
  /** `pairwise api` on `port` with a database of its own under the test folder, then `extra`. */
  const runApi = (port: number, database: string, extra: string[] = [], env = process.env) =>
    runCli(bundled.cli, ['api', '--port', String(port), '--database', join(root, database), ...extra], env)

  it('refuses --admin-token with an error naming the file and env alternatives, without listening', async () => {
    const port = await freePort()
    const run = runApi(port, 'refused.sqlite', ['--admin-token', token])
    expect(await run.exited).toBe(1)
    expect(run.output()).toMatch(
      /^pairwise api: --admin-token would show the token in the process list; use --admin-token-file FILE or PAIRWISE_API_ADMIN_TOKEN$/m,
    )
    expect(run.output()).not.toContain(token)
    expect(await isPortTaken(port)).toBe(false)
  }, 90_000)

  it('reads the token from --admin-token-file and does not print it', async () => {
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 })
    const port = await freePort()
    const run = runApi(port, 'file.sqlite', ['--admin-token-file', tokenFile])
    try {
      await run.waitFor(/api\s+http:/, 60_000)
      const url = `http://127.0.0.1:${port}/v1/admin/projects`
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401)
      expect(run.output()).not.toContain(token)
      expect(run.output()).toContain(`token from ${tokenFile}`)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 90_000)

  it('reads the token from PAIRWISE_API_ADMIN_TOKEN and does not print it', async () => {
    const port = await freePort()
    const run = runApi(port, 'env.sqlite', [], { ...process.env, PAIRWISE_API_ADMIN_TOKEN: token })
    try {
      await run.waitFor(/api\s+http:/, 60_000)
      const url = `http://127.0.0.1:${port}/v1/admin/projects`
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      expect(run.output()).not.toContain(token)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 90_000)

  it('refuses an empty or missing token file in one line', async () => {
    writeFileSync(join(root, 'empty-token'), '\n', { mode: 0o600 })
    for (const [file, message] of [
      [join(root, 'empty-token'), /--admin-token-file: .*empty/],
      [join(root, 'no-such-token'), /--admin-token-file: cannot read/],
    ] as const) {
      const run = runApi(await freePort(), 'x.sqlite', ['--admin-token-file', file])
      expect(await run.exited, file).toBe(1)
      expect(run.output(), file).toMatch(message)
    }
  }, 90_000)
})
