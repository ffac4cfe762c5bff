import { execFile } from 'node:child_process'
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { z } from 'zod'
import { npmInstall } from './npmInstall.js'

const run = promisify(execFile)

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** Written by `npm run build` when every package and page is built. */
const buildStamp = join(repoRoot, '.pairwise/build-stamp')
const appSource = fileURLToPath(new URL('./appkitApp', import.meta.url))

/** The pins every stack shares: what an AppKit 1.7.13 app on wagmi's current majors installs next to us. */
export const sharedPins = {
  '@tanstack/react-query': '5.108.0',
  typescript: '5.9.3',
  viem: '2.57.1',
  vite: '8.3.8',
} as const

/** React's types for each React major, the newest of each. */
const reactTypes = {
  '18': { '@types/react': '18.3.31', '@types/react-dom': '18.3.7' },
  '19': { '@types/react': '19.3.0', '@types/react-dom': '19.3.0' },
} as const

/**
 * The four stacks the package's peer ranges promise: the newest React 18 and 19, and the newest wagmi 2
 * and 3, as `npm view react@18 version` (and so on) listed them. Stacks that share a wagmi major share
 * one folder, so the second only swaps React (a few packages) instead of installing wagmi 2's hundreds
 * again.
 */
export const stacks = [
  { react: '18.3.1', wagmi: '2.19.5' },
  { react: '19.3.1', wagmi: '2.19.5' },
  { react: '18.3.1', wagmi: '3.7.7' },
  { react: '19.3.1', wagmi: '3.7.7' },
] as const

export type Stack = (typeof stacks)[number]

export const stackName = (stack: Stack) => `React ${stack.react} + wagmi ${stack.wagmi}`

export const stackFolder = (work: string, stack: Stack) => join(work, `wagmi-${stack.wagmi.split('.')[0]}`)

/** The peers of ours that an app installs itself; each must accept what the stack pins. */
const ourPeers = ['react', 'react-dom', 'wagmi', '@tanstack/react-query'] as const

const packOutput = z.array(z.object({ name: z.string(), filename: z.string() }))

/** Every package of the workspace by folder, as the root package.json lists them. */
export const workspaceFolders = z
  .object({ workspaces: z.array(z.string()) })
  .parse(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))).workspaces

/** Our packages' tarballs by package name. */
export type Tarballs = Record<string, string>

/** `npm pack`s every built package of the workspace into `destination`. */
export async function packPackages(destination: string): Promise<Tarballs> {
  if (!existsSync(buildStamp)) throw new Error('the packages are not built: run `npm run build` first')
  const { stdout } = await run(
    'npm',
    [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      destination,
      ...workspaceFolders.flatMap((folder) => ['--workspace', folder]),
    ],
    { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
  )
  return Object.fromEntries(
    packOutput.parse(JSON.parse(stdout)).map(({ name, filename }) => [name, join(destination, filename)]),
  )
}

/**
 * The `dependencies` that install `names` and every package of ours they depend on from the tarballs: npm
 * takes a tarball of the right version for our `^0.1.0` ranges between packages, never the registry.
 */
export function tarballDependencies(tarballs: Tarballs, names: readonly string[]): Record<string, string> {
  const needed = new Set<string>()
  const visit = (name: string) => {
    if (needed.has(name)) return
    needed.add(name)
    const folder = workspaceFolders.find((f) => manifestName(f) === name)
    if (!folder) throw new Error(`${name} is no package of the workspace`)
    for (const dependency of Object.keys(manifestDependencies(folder)))
      if (dependency in tarballs) visit(dependency)
  }
  for (const name of names) visit(name)
  return Object.fromEntries(
    [...needed].sort().map((name) => {
      const tarball = tarballs[name]
      if (!tarball) throw new Error(`${name} was not packed`)
      return [name, `file:${tarball}`]
    }),
  )
}

const manifestSchema = z.object({
  name: z.string(),
  dependencies: z.record(z.string(), z.string()).optional(),
  peerDependencies: z.record(z.string(), z.string()).optional(),
})
const manifestOf = (folder: string) =>
  manifestSchema.parse(JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')))
const manifestName = (folder: string) => manifestOf(folder).name
const manifestDependencies = (folder: string) => {
  const { dependencies, peerDependencies } = manifestOf(folder)
  return { ...dependencies, ...peerDependencies }
}

/** What an EVM dapp with the modal and its wagmi adapter installs of ours. */
export const dappPackages = ['@pairwise/modal'] as const

/**
 * `peerWarnings` are npm's "ERESOLVE overriding peer dependency" warnings, kept for the report; they are
 * not ours to fail on. Two are known: wagmi 2's connectors pull use-sync-external-store 1.2.0, whose peer
 * range stops at React 18, and swapping React in place briefly sees the old react-dom against the new
 * react. Our own edges are judged by `ourPeerEdges`.
 */
export type InstallReport = { seconds: number; peerWarnings: string[] }

/**
 * Pins the stack in the folder's package.json and runs a plain `npm install` (no --force, no
 * --legacy-peer-deps): a conflict with one of our peer ranges is an ERESOLVE error and fails it. Install
 * scripts are skipped; the app is only bundled, never run in Node.
 */
export async function installStack(
  folder: string,
  stack: Stack,
  tarballs: Tarballs,
  cache: string,
): Promise<InstallReport> {
  const dependencies = {
    ...sharedPins,
    ...tarballDependencies(tarballs, dappPackages),
    react: stack.react,
    'react-dom': stack.react,
    wagmi: stack.wagmi,
    ...reactTypes[stack.react.startsWith('18.') ? '18' : '19'],
  }
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: 'appkit-style-app', private: true, type: 'module', dependencies }, null, 2)}\n`,
  )
  const { seconds, stderr } = await npmInstall(folder, cache, stackName(stack))
  return { seconds, peerWarnings: stderr.split('\n').filter((line) => line.includes('ERESOLVE')) }
}

type LsNode = { version?: string; invalid?: string; dependencies?: Record<string, LsNode> }
const lsNode: z.ZodType<LsNode> = z.lazy(() =>
  z.object({
    version: z.string().optional(),
    invalid: z.string().optional(),
    dependencies: z.record(z.string(), lsNode).optional(),
  }),
)

/**
 * Our peer edges as npm resolved them: for each of our peers, the version our package got and npm's
 * verdict on our range (`invalid` is set when the range does not accept that version).
 */
export async function ourPeerEdges(folder: string) {
  // `npm ls` exits non-zero when any package in the tree has a problem (wagmi 2's own dependencies have
  // one on React 19); only our package's edges are judged here.
  const { stdout } = await run('npm', ['ls', ...ourPeers, '--all', '--json'], {
    cwd: folder,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '{}' }))
  const ours = lsNode.parse(JSON.parse(stdout)).dependencies?.['@pairwise/modal']?.dependencies ?? {}
  return ourPeers.map((name) => ({ name, version: ours[name]?.version, invalid: ours[name]?.invalid }))
}

/**
 * Copies the app in, type-checks it with the stack's types (our .d.ts against that React's and wagmi's, as
 * an AppKit app's `tsc` would) and builds it with the stack's own Vite; returns the folder to serve.
 */
export async function buildApp(folder: string): Promise<string> {
  cpSync(appSource, folder, { recursive: true })
  await run(join(folder, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: folder }).catch(
    (error: { stdout?: string; message: string }) => {
      throw new Error(`the app does not type-check:\n${error.stdout ?? error.message}`)
    },
  )
  await run(join(folder, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--emptyOutDir'], {
    cwd: folder,
    maxBuffer: 64 * 1024 * 1024,
  })
  return join(folder, 'dist')
}
