import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { type ChildGroup, startChildGroup, waitUntil } from '../../../services/process/childGroup.js'
import { groupListensOn } from '../../../services/process/groupListens.js'
import { freePort } from '../../support/ports.js'

const groups: ChildGroup[] = []
/** Debian's `nobody`, user and group. */
const nobody = 65534
afterAll(async () => {
  await Promise.all(groups.map((group) => group.stop(0)))
})

/** A group whose command listens on `port` of 127.0.0.1, as user id `uid` when given (run as root). */
function listener(port: number, uid?: number): ChildGroup {
  const listen = [process.execPath, '-e', `require('node:net').createServer().listen(${port}, '127.0.0.1')`]
  const [command = '', ...args] = uid
    ? ['/usr/bin/setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', ...listen]
    : listen
  const group = startChildGroup({ name: 'listener', command, args })
  groups.push(group)
  return group
}

describe('groupListensOn: who holds a listening port', () => {
  it('says yes once a process of the group listens on the port', async () => {
    const port = await freePort()
    const group = listener(port)
    await waitUntil(async () => groupListensOn(group.pid, port), 'the listener')
  })

  it.runIf(process.getuid?.() === 0)(
    "says yes for a group of another user, as PostgreSQL run as its own, to a root that may not read that user's descriptors (a container without CAP_SYS_PTRACE)",
    async () => {
      const port = await freePort()
      const group = listener(port, nobody)
      const scratch = mkdtempSync(join(tmpdir(), 'pairwise-group-listens-'))
      try {
        const check = join(scratch, 'check.mjs')
        await build({
          stdin: {
            contents: `import { groupListensOn } from ${JSON.stringify(join(process.cwd(), 'services/process/groupListens.ts'))}
              process.stdout.write(String(groupListensOn(${group.pid}, ${port})))`,
            resolveDir: process.cwd(),
            loader: 'ts',
          },
          outfile: check,
          bundle: true,
          platform: 'node',
          format: 'esm',
          logLevel: 'silent',
        })
        const asRootWithoutTracing = () =>
          execFileSync(
            '/usr/bin/setpriv',
            ['--bounding-set=-sys_ptrace', '--inh-caps=-sys_ptrace', process.execPath, check],
            {
              encoding: 'utf8',
            },
          )
        await waitUntil(async () => asRootWithoutTracing() === 'true', 'the listener as nobody')
      } finally {
        rmSync(scratch, { recursive: true, force: true })
      }
    },
  )

  it('says no for a port another process listens on, and for a port nobody does', async () => {
    const port = await freePort()
    const group = listener(await freePort())
    const other = createServer()
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve))
    try {
      expect(groupListensOn(group.pid, port)).toBe(false)
      expect(groupListensOn(process.pid, await freePort())).toBe(false)
    } finally {
      other.close()
    }
  })
})
