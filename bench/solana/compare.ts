import { type AdapterEntry, type BundleSize, measureAdapter } from './bundle.js'
import { measureWithVite } from './viteBuild.js'

/**
 * AppKit's EVM core, which its chain adapters cannot run without: @reown/appkit (its `/adapters`,
 * `/networks`, `/connectors`), -common, -controllers, -utils (not its per-chain subpaths, which are the
 * chain's code), -wallet, -polyfills, valtio, @walletconnect/* and viem.
 */
export const appkitCore =
  /^(@reown\/appkit(\/.*)?|@reown\/appkit-(common|controllers|utils|wallet|polyfills)|@walletconnect\/.*|valtio(\/.*)?|viem(\/.*)?)$/

/** Issue 16's and issue 37's target: our adapter at most a third of AppKit's, gzipped. */
const target = 1 / 3

export type AdapterComparison = {
  /** The first line of the report, naming both packages. */
  title: string
  ours: AdapterEntry
  appkit: AdapterEntry
  /** The same entries with each library's EVM core left to the page. */
  oursBesideCore: AdapterEntry
  appkitBesideCore: AdapterEntry
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const top = (size: BundleSize) =>
  size.contributors
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ')
type Sizes = Pick<BundleSize, 'minified' | 'gzipped'>
function row(label: string, a: Sizes, b: Sizes, note = ''): string {
  const ratio = a.gzipped / b.gzipped
  const cells = [a.minified, a.gzipped, b.minified, b.gzipped].map((n) => String(n).padStart(11))
  return `${label.padEnd(24)}${cells.join('')}  ${ratio.toFixed(3).padStart(8)}  ${ratio <= target ? '✓' : '✗'}${note}`
}

/**
 * Builds both adapters three ways (esbuild as built, esbuild beside its core, vite as a library) and prints
 * their minified and gzip sizes, the ratio of the gzip sizes against the target, and the largest parts.
 */
export async function compareAdapters(comparison: AdapterComparison): Promise<void> {
  const { ours, appkit, oursBesideCore, appkitBesideCore } = comparison
  const [oursBuilt, appkitBuilt] = await Promise.all([measureAdapter(ours), measureAdapter(appkit)])
  const [oursBeside, appkitBeside] = await Promise.all([
    measureAdapter(oursBesideCore),
    measureAdapter(appkitBesideCore),
  ])
  const [oursVite, appkitVite] = await Promise.all([measureWithVite(ours), measureWithVite(appkit)])
  console.log(
    [
      '',
      comparison.title,
      'esbuild: bundle, minify, tree-shaking, ESM, browser, ES2022, NODE_ENV production, react/react-dom left to the page; gzip level 9',
      `${'build'.padEnd(24)}${['ours min', 'ours gz', 'AppKit min', 'AppKit gz'].map((h) => h.padStart(11)).join('')}  ${'gz ratio'}  target ≤ 1/3`,
      row('esbuild, as built', oursBuilt, appkitBuilt, '  (acceptance)'),
      row('esbuild, beside its core', oursBeside, appkitBeside),
      row('vite lib, as built', oursVite, appkitVite),
      '',
      `ours, as built, top packages (minified): ${top(oursBuilt)}`,
      `AppKit, as built, top packages (minified): ${top(appkitBuilt)}`,
      `ours, beside its core: ${top(oursBeside)}`,
      `AppKit, beside its core: ${top(appkitBeside)}`,
    ].join('\n'),
  )
}
