import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { isServerOnly } from '../../test/packaging/serverOnly.js'
import {
  installApp,
  installedCount,
  installedPackages,
  lsCopies,
  nodeModulesMegabytes,
  packageSizes,
  packWorkspaces,
  type Tarball,
  tarballDependencies,
} from './npm.js'

// AppKit as issue 32 measured it (171 packages, 239 MB); the dedupe app's React 19, wagmi 3, viem and
// react-query are the workspace's own devDependencies (root package.json), the versions we test against.
const pins = {
  appkit: '1.7.13',
  react: '19.3.1',
  wagmi: '3.7.7',
  viem: '2.57.1',
  reactQuery: '5.108.0',
} as const

/** Issue 32's target for our install over AppKit's, in packages and in megabytes. */
const TARGET_RATIO = 0.25

/** What an EVM dapp installs: the modal and the packages of ours it depends on. */
const dappSide = [
  '@pairwise/common',
  '@pairwise/crypto',
  '@pairwise/storage',
  '@pairwise/relay',
  '@pairwise/engine',
  '@pairwise/modal',
]
/**
 * Server and Solana packages must never reach an EVM dapp's install; nor may `ws`, which only a plain
 * install brings (isomorphic-ws's peer) and --legacy-peer-deps leaves out.
 */
const isLeaked = (name: string) => isServerOnly(name) || name === 'ws'
/** Packages an app shares with us; two copies would mean our ranges split the app's tree. */
const shared = ['viem', 'ox', 'react', 'zod', '@noble/curves']

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } })
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()
/** Every package of the workspace by folder, as the root package.json lists them. */
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[]
}
const scratch = mkdtempSync(join(tmpdir(), 'pairwise-bench-install-'))
// Outside the scratch folder, so reruns install from it with --prefer-offline.
const cache = join(tmpdir(), 'pairwise-bench-install-npm-cache')
const newFolder = (name: string) => {
  const path = join(scratch, name)
  mkdirSync(path)
  return path
}

type Check = { name: string; pass: boolean; detail: string }
const checks: Check[] = []

console.log('Packing the workspace packages…')
const tarballs = packWorkspaces(root, workspaces, newFolder('tarballs'))
const dappTarballs = tarballDependencies(tarballs.filter(({ name }) => dappSide.includes(name)))

// --legacy-peer-deps leaves the host's peers (React, wagmi, viem) out of both measured installs.
function measure(name: string, dependencies: Record<string, string>) {
  console.log(`Installing ${name}…`)
  const folder = newFolder(name)
  installApp(folder, dependencies, cache, ['--legacy-peer-deps'])
  return { folder, packages: installedCount(folder), megabytes: nodeModulesMegabytes(folder) }
}
const ours = measure('ours', dappTarballs)
const appkit = measure('appkit', {
  '@reown/appkit': pins.appkit,
  '@reown/appkit-adapter-wagmi': pins.appkit,
})

const ratio = (measured: number, baseline: number) => measured / baseline
for (const [what, key] of [
  ['packages', 'packages'],
  ['node_modules MB', 'megabytes'],
] as const) {
  const value = ratio(ours[key], appkit[key])
  checks.push({
    name: `${what} ours/AppKit ≤ ${TARGET_RATIO}`,
    pass: value <= TARGET_RATIO,
    detail: value.toFixed(3),
  })
}
const leaked = installedPackages(ours.folder).filter(({ name }) => isLeaked(name))
checks.push({
  name: 'no server or @solana/* package in ours',
  pass: leaked.length === 0,
  detail: leaked.map(({ path }) => path).join(', '),
})

console.log('Installing ours beside React 19 + wagmi 3 (plain npm install)…')
const peersFolder = newFolder('peers')
try {
  installApp(
    peersFolder,
    {
      react: pins.react,
      'react-dom': pins.react,
      wagmi: pins.wagmi,
      viem: pins.viem,
      '@tanstack/react-query': pins.reactQuery,
      ...dappTarballs,
    },
    cache,
    [],
  )
  checks.push({ name: 'plain npm install beside React 19 + wagmi 3', pass: true, detail: '' })
  const { copies, problems } = lsCopies(peersFolder, shared)
  for (const [name, found] of copies) {
    // A copy only our packages resolve to is one the app would not have without us.
    const oursAlone = found.filter((c) => c.requiredBy.every((by) => by.startsWith('@pairwise/'))).length
    const where = found.map((c) => `${c.version} at ${c.path} (for ${c.requiredBy.join(', ')})`)
    checks.push({
      name: `one copy of ${name}`,
      pass: found.length === 1,
      detail: `${found.length} installed, ${oursAlone} only for @pairwise/*: ${where.join('; ')}`,
    })
  }
  for (const problem of problems) console.log(`npm ls problem: ${problem}`)
} catch (error) {
  checks.push({
    name: 'plain npm install beside React 19 + wagmi 3',
    pass: false,
    detail: error instanceof Error ? error.message : String(error),
  })
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const mb = (megabytes: number) => `${megabytes.toFixed(1)} MB`
const tarballRow = ({ name, size, unpackedSize }: Tarball) =>
  `${name.padEnd(20)}${kb(size).padStart(12)}${kb(unpackedSize).padStart(12)}`
const installRow = (name: string, packages: string, megabytes: string) =>
  `${name.padEnd(44)}${packages.padStart(9)}${megabytes.padStart(14)}`
const nameWidth = Math.max(...checks.map(({ name }) => name.length)) + 2
console.log(
  [
    '',
    `${'tarball'.padEnd(20)}${'packed'.padStart(12)}${'unpacked'.padStart(12)}`,
    ...tarballs.map(tarballRow),
    '',
    installRow('install (--legacy-peer-deps)', 'packages', 'node_modules'),
    installRow('ours: @pairwise/modal + its @pairwise deps', String(ours.packages), mb(ours.megabytes)),
    installRow(`AppKit ${pins.appkit} + wagmi adapter`, String(appkit.packages), mb(appkit.megabytes)),
    installRow(
      `ours/AppKit (target ≤ ${TARGET_RATIO})`,
      ratio(ours.packages, appkit.packages).toFixed(3),
      ratio(ours.megabytes, appkit.megabytes).toFixed(3),
    ),
    `our install by size: ${packageSizes(ours.folder)
      .map(({ name, megabytes }) => `${name} ${megabytes.toFixed(2)}`)
      .join(', ')} (MB)`,
    '',
    ...checks.map(
      ({ name, pass, detail }) => `${name.padEnd(nameWidth)}${pass ? 'pass' : 'FAIL'}  ${detail}`,
    ),
  ].join('\n'),
)

if (values.keep) console.log(`\nApps kept in ${scratch}`)
else rmSync(scratch, { recursive: true, force: true })
process.exitCode = checks.every(({ pass }) => pass) ? 0 : 1
