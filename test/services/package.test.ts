import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { workspaceFolders } from '../packaging/stacks.js'
import { isPortTaken } from '../support/ports.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
type Manifest = {
  exports: Record<string, { import: string; types: string } | string>
  bin?: Record<string, string>
}
const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest

describe('the pairwise package (servers and CLI) installed by path into another folder', () => {
  let consumer: string
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { cwd: consumer, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

  beforeAll(() => {
    consumer = mkdtempSync(join(tmpdir(), 'pairwise-consumer-'))
    writeFileSync(join(consumer, 'package.json'), '{"name":"consumer","private":true,"type":"module"}')
    run('npm', ['install', '--no-audit', '--no-fund', join(root, 'services')])
  })
  afterAll(() => {
    if (consumer) rmSync(consumer, { recursive: true, force: true })
  })

  it.each(
    workspaceFolders,
  )('%s points every export into its own dist/ with ESM and type declarations', (folder) => {
    for (const target of Object.values(manifestOf(folder).exports)) {
      if (typeof target === 'string') continue
      expect(target.import).toMatch(/^\.\/dist\/.+\.js$/)
      expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/)
    }
  })

  it('points the pairwise bin into dist/', () => {
    expect(manifestOf('services').bin?.pairwise).toMatch(/^\.\/dist\/.+\.js$/)
  })

  it('imports pairwise by its package name', () => {
    const out = run('node', [
      '--input-type=module',
      '-e',
      "const m = await import('pairwise'); console.log(typeof m.startStack, typeof m.startChain)",
    ])
    expect(out.trim()).toBe('function function')
  })

  it('runs the CLI through npx pairwise', () => {
    expect(run('npx', ['--no-install', 'pairwise', 'help'])).toContain('Usage: pairwise <command>')
  })

  it('reports an unknown command with exit code 2', () => {
    expect(() => run('npx', ['--no-install', 'pairwise', 'teleport'])).toThrow(/Unknown command 'teleport'/)
  })

  it('starts a relay node with the pairwise bin, serves /health, and stops on SIGTERM', async () => {
    const child = spawn(
      join(consumer, 'node_modules/.bin/pairwise'),
      ['relay', '--port', '0', '--store', 'memory'],
      {
        cwd: consumer,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const deadline = Date.now() + 15_000
    let url: string | undefined
    while (!url && Date.now() < deadline) {
      url = output.match(/listening on (ws:\/\/127\.0\.0\.1:\d+)/)?.[1]
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(url).toBeDefined()
    const health = await fetch(`${url!.replace('ws:', 'http:')}/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', store: 'memory' })
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(await isPortTaken(Number(new URL(url!).port))).toBe(false)
  })
})
