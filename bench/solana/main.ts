import { join } from 'node:path'
import { ensurePeerInstalled } from '../peers/install.js'
import { type AdapterEntry, type BundleSize, measureAdapter } from './bundle.js'
import { measureWithVite } from './viteBuild.js'

/**
 * `@pairwise/solana` against Reown AppKit 1.7.13's Solana adapter (`@reown/appkit-adapter-solana`, installed
 * in bench/solana/appkit), each as a one-module app that imports `SolanaAdapter` and keeps an instance:
 *
 *   npm run bench -- solana
 *
 * "as built" (the acceptance figure): everything the entry reaches is bundled; only React is left to the page.
 * "beside its core": what the adapter adds to a page already running the same library for EVM. For AppKit
 * that core is @reown/appkit, -common, -controllers, -utils (not its /solana subpath), -wallet, -polyfills,
 * valtio, @walletconnect/* and viem; for us the modal (@pairwise/modal), viem and zod.
 */
const target = 1 / 3
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()
const appkitDir = join(root, 'bench/solana/appkit')
ensurePeerInstalled(appkitDir, (line) => console.log(line))

const ours: AdapterEntry = { from: './solana/index.ts', resolveDir: root }
const appkit: AdapterEntry = { from: '@reown/appkit-adapter-solana', resolveDir: appkitDir }
const oursBesideCore: AdapterEntry = {
  ...ours,
  leaveOut: /^(viem|zod)(\/|$)/,
  onlyFilesUnder: join(root, 'solana'),
}
const appkitBesideCore: AdapterEntry = {
  ...appkit,
  leaveOut:
    /^(@reown\/appkit(\/.*)?|@reown\/appkit-(common|controllers|utils|wallet|polyfills)|@walletconnect\/.*|valtio(\/.*)?|viem(\/.*)?)$/,
}

const [oursBuilt, appkitBuilt] = await Promise.all([measureAdapter(ours), measureAdapter(appkit)])
const [oursBeside, appkitBeside] = await Promise.all([
  measureAdapter(oursBesideCore),
  measureAdapter(appkitBesideCore),
])
const [oursVite, appkitVite] = await Promise.all([measureWithVite(ours), measureWithVite(appkit)])

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

console.log(
  [
    '',
    'Solana adapter bundle: @pairwise/solana against @reown/appkit-adapter-solana 1.7.13 (bytes)',
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
