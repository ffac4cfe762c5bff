import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const solanaPackage = `${join(root, 'solana')}/`
const isSolanaCode = (id: string) =>
  id.startsWith(solanaPackage) || /\/node_modules\/(@solana(-program)?|@wallet-standard)\//.test(id)

/** Every module in every chunk of the demo page's production build, written nowhere. */
async function demoModules(outDir: string): Promise<string[]> {
  const result = await build({
    configFile: join(root, 'examples/demo/vite.config.ts'),
    logLevel: 'error',
    build: { write: false, outDir, emptyOutDir: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  return outputs.flatMap(({ output }) =>
    output.flatMap((item) => (item.type === 'chunk' ? item.moduleIds : [])),
  )
}

describe('@pairwise/solana stays out of an EVM-only page (issue 16, acceptance 3)', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'pairwise-evm-only-'))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  it('the demo (EVM only) bundles no @solana/*, @solana-program/*, @wallet-standard/* nor @pairwise/solana module in any chunk, lazy ones included', async () => {
    const modules = (await demoModules(outDir)).map((id) => id.replaceAll('\\', '/'))
    expect(modules).toContain(join(root, 'modal/core/appKit.ts'))
    expect(modules.some((id) => id.includes('/node_modules/viem/'))).toBe(true)
    expect(modules.filter(isSolanaCode)).toEqual([])
  }, 180_000)
})
