import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getWithHost } from '../../security/support/getWithHost.js'
import { runCli, useBundledCli } from '../../support/cli.js'
import { freePort, isPortTaken } from '../../support/ports.js'

const bundled = useBundledCli('api-command')

const stackTrace = /^\s+at /m

describe('pairwise api --public-url', () => {
  it("answers the public URL's host beside its own, refuses any other Host with 421, and names the public URL", async () => {
    const port = await freePort()
    const args = ['api', '--port', String(port), '--database', join(bundled.dir, 'api.sqlite')]
    const run = runCli(bundled.cli, [...args, '--public-url', 'https://api.example.test/'])
    try {
      await run.waitFor(
        /^api {2}https:\/\/api\.example\.test {2}.*admin page https:\/\/api\.example\.test\/admin/m,
      )
      const url = `http://127.0.0.1:${port}/health`
      for (const host of ['api.example.test', `127.0.0.1:${port}`, `localhost:${port}`])
        expect((await getWithHost(url, host)).status, host).toBe(200)
      for (const host of [`attacker.example:${port}`, 'api.example.test.attacker.example'])
        expect((await getWithHost(url, host)).status, host).toBe(421)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 60_000)

  it('refuses a public URL that is not http(s) in one line, exit 1, no stack trace, without listening', async () => {
    const port = await freePort()
    const database = join(bundled.dir, 'refused', 'api.sqlite')
    for (const value of ['javascript:alert(1)', 'api.example.test', 'ftp://api.example.test']) {
      const run = runCli(bundled.cli, [
        'api',
        '--port',
        String(port),
        '--database',
        database,
        '--public-url',
        value,
      ])
      expect(await run.exited, value).toBe(1)
      expect(run.output(), value).toContain(
        `pairwise api: --public-url must be an http(s) URL, got '${value}'`,
      )
      expect(run.output(), value).not.toMatch(stackTrace)
    }
    expect(await isPortTaken(port)).toBe(false)
    expect(existsSync(database), 'no database made by a refused start').toBe(false)
  }, 60_000)
})
