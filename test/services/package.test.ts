import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { import: string; types: string } | string>
  bin: Record<string, string>
}

describe('the package installed by path into another folder', () => {
  let consumer: string
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { cwd: consumer, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

  beforeAll(() => {
    consumer = mkdtempSync(join(tmpdir(), 'pairwise-consumer-'))
    writeFileSync(join(consumer, 'package.json'), '{"name":"consumer","private":true,"type":"module"}')
    run('npm', ['install', '--no-audit', '--no-fund', root])
  })
  afterAll(() => {
    if (consumer) rmSync(consumer, { recursive: true, force: true })
  })

  it('points every export and the bin into dist/ with ESM and type declarations', () => {
    for (const target of Object.values(manifest.exports)) {
      if (typeof target === 'string') continue
      expect(target.import).toMatch(/^\.\/dist\/.+\.js$/)
      expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/)
    }
    expect(manifest.bin.pairwise).toMatch(/^\.\/dist\/.+\.js$/)
  })

  it('imports pairwise/services by its package name', () => {
    const out = run('node', [
      '--input-type=module',
      '-e',
      "const m = await import('pairwise/services'); console.log(typeof m.startStack, typeof m.startChain)",
    ])
    expect(out.trim()).toBe('function function')
  })

  it('runs the CLI through npx pairwise', () => {
    expect(run('npx', ['--no-install', 'pairwise', 'help'])).toContain('Usage: pairwise <command>')
  })

  it('reports an unknown command with exit code 2', () => {
    expect(() => run('npx', ['--no-install', 'pairwise', 'teleport'])).toThrow(/Unknown command 'teleport'/)
  })
})
