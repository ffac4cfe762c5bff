import { join } from 'node:path'
import { ensurePeerInstalled } from '../peers/install.js'
import type { AdapterEntry } from '../solana/bundle.js'
import { appkitCore, compareAdapters } from '../solana/compare.js'

/**
 * `@pairwise/bitcoin` against Reown AppKit's Bitcoin adapter (`@reown/appkit-adapter-bitcoin` 1.7.11, the
 * last 1.7 release the registry holds: it has no 1.7.13, the other benches' AppKit),
 * installed in bench/bitcoin/appkit, each as a one-module app that imports `BitcoinAdapter` and keeps an
 * instance, built as `npm run bench -- solana` builds the Solana adapters:
 *
 *   npm run bench -- bitcoin
 *
 * "as built" (issue 37's acceptance figure): everything the entry reaches is bundled; only React is left to
 * the page. "beside its core": what the adapter adds to a page already running the same library for EVM:
 * AppKit's core (`appkitCore`, its `-utils/bitcoin` stays), or for us the modal, viem and zod.
 */
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()
const appkitDir = join(root, 'bench/bitcoin/appkit')
ensurePeerInstalled(appkitDir, (line) => console.log(line))

const ours: AdapterEntry = { from: './bitcoin/index.ts', adapter: 'BitcoinAdapter', resolveDir: root }
const appkit: AdapterEntry = {
  from: '@reown/appkit-adapter-bitcoin',
  adapter: 'BitcoinAdapter',
  resolveDir: appkitDir,
}

await compareAdapters({
  title: 'Bitcoin adapter bundle: @pairwise/bitcoin against @reown/appkit-adapter-bitcoin 1.7.11 (bytes)',
  ours,
  appkit,
  oursBesideCore: { ...ours, leaveOut: /^(viem|zod)(\/|$)/, onlyFilesUnder: join(root, 'bitcoin') },
  appkitBesideCore: { ...appkit, leaveOut: appkitCore },
})
