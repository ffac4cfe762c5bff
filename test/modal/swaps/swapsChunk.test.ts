import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { firstLoad } from '../../support/staticGraph.js'

const root = resolve(import.meta.dirname, '../../..')
const firstLoadFiles = firstLoad(
  'modal/index.ts',
  'modal/ui/mountModal.tsx',
  'modal/adapters/eip155/eip155Adapter.ts',
  'modal/ui/views/laterViews.ts',
).files

/** The repo files `file` imports for their values (not `import type`), as repo paths without extension. */
function valueImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+['"](\.[^'"]+)['"]/g),
  ].map((match) => relative(root, resolve(root, dirname(file), match[1] as string)).replace(/\.js$/, ''))
}

describe('the swap chunk (issue 15, acceptance 5)', () => {
  it('imports first-load code only from modal/ui and modal/controllers (and the feature texts helper); the rest it reaches through the kit', () => {
    const chunkOnly = [...firstLoad('modal/swaps/swapViews.tsx', 'modal/swaps/AccountSwap.tsx').files].filter(
      (file) => !firstLoadFiles.has(file),
    )
    expect(chunkOnly).toContain('modal/swaps/uniswapV2Provider.ts')
    const firstLoadBases = new Map([...firstLoadFiles].map((file) => [file.replace(/\.tsx?$/, ''), file]))
    const reached = chunkOnly.flatMap((file) =>
      valueImports(file).flatMap((base) => {
        const hit = firstLoadBases.get(base) ?? firstLoadBases.get(`${base}/index`)
        return hit ? [`${file} → ${hit}`] : []
      }),
    )
    // featureTexts is the lazy feature texts' own mechanism, which every feature's texts index uses.
    const allowed = /→ modal\/((ui|controllers)\/|i18n\/featureTexts\.ts$)/
    expect(reached.filter((edge) => !allowed.test(edge))).toEqual([])
  })
})
