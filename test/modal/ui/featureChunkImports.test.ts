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

// A chunk loaded later that imports a module the first load has but its dialog does not (the adapters, the
// api client, the networks) makes the bundler split that module into a chunk of its own: more first-load bytes.
describe('the account actions’ chunks (issue 15, acceptance 5)', () => {
  it.each([
    [
      'swaps',
      ['modal/swaps/swapViews.tsx', 'modal/swaps/AccountSwap.tsx'],
      'modal/swaps/uniswapV2Provider.ts',
    ],
    ['send', ['modal/send/sendViews.tsx', 'modal/send/AccountSendButtons.tsx'], 'modal/send/sendChain.ts'],
    ['names', ['modal/names/namesViews.tsx', 'modal/names/AccountNames.tsx'], 'modal/names/namesApi.ts'],
    [
      'onramp',
      ['modal/onramp/onrampViews.tsx', 'modal/onramp/AccountOnramp.tsx'],
      'modal/onramp/sandboxProvider.ts',
    ],
  ])('%s imports first-load code only from modal/ui and modal/controllers (and the feature texts helper); the rest it reaches through the kit', (feature, entries, own) => {
    const chunkOnly = [...firstLoad(...entries).files].filter((file) => !firstLoadFiles.has(file))
    expect(chunkOnly).toContain(own)
    const firstLoadBases = new Map([...firstLoadFiles].map((file) => [file.replace(/\.tsx?$/, ''), file]))
    const reached = chunkOnly.flatMap((file) =>
      valueImports(file).flatMap((base) => {
        const hit = firstLoadBases.get(base) ?? firstLoadBases.get(`${base}/index`)
        return hit ? [`${file} → ${hit}`] : []
      }),
    )
    // featureTexts is the lazy feature texts' own mechanism, which every feature's texts index uses. The onramp's
    // default currencies are data the entry exports (ENT-07, ENT-08), dropped from it by an app that does not
    // import them: Vite then bundles them with the onramp's chunk, not in a chunk of their own.
    const allowed = /→ modal\/((ui|controllers)\/|i18n\/featureTexts\.ts$|state\/onrampCurrencies\.ts$)/
    expect(reached.filter((edge) => !allowed.test(edge) && !edge.includes(`→ modal/${feature}/`))).toEqual([])
  })
})
