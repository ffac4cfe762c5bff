import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

type Stamp = { startedAt: number; inputs: string }
type Bootstrap = {
  beginBuildStamp(folder: string): Stamp
  writeBuildStamp(stamp: Stamp, folder: string): void
  isBuildStale(folder: string): boolean
}

const bootstrap = (await import(
  pathToFileURL(join(import.meta.dirname, '../../scripts/lib/bootstrap.mjs')).href
)) as Bootstrap

/**
 * `npm start`, `npm test` and the suites that need dist/ rebuild when the build is stale; a rebuild during
 * the unit phase deletes every dist/ under the files still running, so staleness must come from sources alone.
 */
describe('the build stamp', () => {
  let workspace: string
  const write = (path: string, text = '') => {
    mkdirSync(join(workspace, path, '..'), { recursive: true })
    writeFileSync(join(workspace, path), text)
  }
  const stale = () => bootstrap.isBuildStale(workspace)

  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'pairwise-build-stamp-'))
    write('package.json', JSON.stringify({ workspaces: ['engine', 'services'] }))
    write('engine/index.ts', 'export {}')
    write('services/cli/main.ts', 'export {}')
    bootstrap.writeBuildStamp(bootstrap.beginBuildStamp(workspace), workspace)
  })
  afterEach(() => rmSync(workspace, { recursive: true, force: true }))

  it('is fresh right after a build', () => {
    expect(stale()).toBe(false)
  })

  it('stays fresh while outputs come and go in a source folder: dist/, pages and a test’s CLI bundle', () => {
    write('engine/dist/index.js')
    write('services/pages/demo/index.html')
    write('services/.test-bundles/auth-cli-1/main.js')
    expect(stale()).toBe(false)
    rmSync(join(workspace, 'services/.test-bundles'), { recursive: true })
    expect(stale()).toBe(false)
  })

  it('goes stale when a source file is added, and fresh again once it is gone', () => {
    write('engine/extra.ts')
    expect(stale()).toBe(true)
    rmSync(join(workspace, 'engine/extra.ts'))
    expect(stale()).toBe(false)
  })

  it('goes stale when a source file is removed or renamed', () => {
    renameSync(join(workspace, 'engine/index.ts'), join(workspace, 'engine/main.ts'))
    expect(stale()).toBe(true)
    rmSync(join(workspace, 'engine/main.ts'))
    expect(stale()).toBe(true)
  })

  it('goes stale when a source file changes after the build began', () => {
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(workspace, 'services/cli/main.ts'), later, later)
    expect(stale()).toBe(true)
  })

  it('is stale with no stamp, or one it cannot read (the older timestamp-only format)', () => {
    write('.pairwise/build-stamp', '2026-12-04T17:31:52.447Z\n')
    expect(stale()).toBe(true)
    rmSync(join(workspace, '.pairwise/build-stamp'))
    expect(stale()).toBe(true)
  })
})
