import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const bitcoinPackage = `${join(root, 'bitcoin')}/`
const isBitcoinCode = (id: string) =>
  id.startsWith(bitcoinPackage) || id.includes('/node_modules/@scure/btc-signer/')

/** The chunks of `page`'s production build, written nowhere. */
async function chunksOf(page: string, outDir: string): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    configFile: join(root, `examples/${page}/vite.config.ts`),
    logLevel: 'error',
    build: { write: false, outDir, emptyOutDir: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  return outputs.flatMap(({ output }) => output.flatMap((item) => (item.type === 'chunk' ? [item] : [])))
}

describe('@pairwise/bitcoin is a lazy chunk of its own (issue 37, acceptance 5)', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'pairwise-bitcoin-bundle-'))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  it('the demo (EVM only) bundles no module of @pairwise/bitcoin nor @scure/btc-signer in any chunk, lazy ones included', async () => {
    const modules = (await chunksOf('demo', outDir)).flatMap((chunk) => chunk.moduleIds)
    expect(modules).toContain(join(root, 'modal/core/appKit.ts'))
    expect(modules.filter(isBitcoinCode)).toEqual([])
  }, 180_000)

  it('the multichain page loads the Bitcoin adapter only through a dynamic import, in a chunk no entry holds', async () => {
    const chunks = await chunksOf('multichain', outDir)
    const holding = chunks.filter((chunk) =>
      chunk.moduleIds.includes(join(root, 'bitcoin/bitcoinAdapter.ts')),
    )
    expect(holding).toHaveLength(1)
    expect(holding[0]?.isEntry).toBe(false)
    expect(holding[0]?.isDynamicEntry).toBe(true)
    for (const entry of chunks.filter((chunk) => chunk.isEntry))
      expect(entry.moduleIds.filter(isBitcoinCode)).toEqual([])
  }, 180_000)
})
