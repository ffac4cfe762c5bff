import { join } from 'node:path'
import { ensurePeerInstalled } from '../peers/install.js'
import type { AdapterEntry } from './bundle.js'
import { appkitCore, compareAdapters } from './compare.js'

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
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()
const appkitDir = join(root, 'bench/solana/appkit')
ensurePeerInstalled(appkitDir, (line) => console.log(line))

const ours: AdapterEntry = { from: './solana/index.ts', adapter: 'SolanaAdapter', resolveDir: root }
const appkit: AdapterEntry = {
  from: '@reown/appkit-adapter-solana',
  adapter: 'SolanaAdapter',
  resolveDir: appkitDir,
}

await compareAdapters({
  title: 'Solana adapter bundle: @pairwise/solana against @reown/appkit-adapter-solana 1.7.13 (bytes)',
  ours,
  appkit,
  oursBesideCore: { ...ours, leaveOut: /^(viem|zod)(\/|$)/, onlyFilesUnder: join(root, 'solana') },
  appkitBesideCore: { ...appkit, leaveOut: appkitCore },
})
