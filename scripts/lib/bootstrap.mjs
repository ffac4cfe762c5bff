// Shared by `npm start` and `npm test`: bring a fresh clone to a runnable state. Plain Node, no
// dependencies, because it runs before `npm ci`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '')

export const buildStamp = join(root, '.pairwise/build-stamp')
/** The workspace's packages by folder, as the root package.json lists them. */
export const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces
/** Everything whose change makes the build (each package's `dist/`, the pages) stale. */
const buildInputs = [
  ...workspaces,
  'examples',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.build.base.json',
]
/**
 * Build outputs inside the inputs, never a reason to build again; nor the CLI bundles tests make in the
 * `pairwise` package's folder (test/support/cli.ts), or a test's rebuild would delete every dist/ under the
 * suites still using them.
 */
const outputs = new Set(['dist', 'pages', 'node_modules', '.test-bundles'])

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.error) throw result.error
  return result.status ?? 1
}

/**
 * Runs `npm ci` when node_modules is missing or older than the lockfile. npm rewrites its hidden
 * lockfile, node_modules/.package-lock.json, on every install, so its age tells which lockfile it reflects.
 */
export function ensureInstalled(log = console.log) {
  const installed = join(root, 'node_modules/.package-lock.json')
  if (
    existsSync(installed) &&
    statSync(installed).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs
  )
    return
  log('Installing dependencies (npm ci)…')
  const status = run('npm', ['ci', '--no-audit', '--no-fund'])
  if (status !== 0) throw new Error(`npm ci failed with exit code ${status}`)
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path))
    if (!outputs.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function isBuildStale() {
  if (!existsSync(buildStamp)) return true
  const built = statSync(buildStamp).mtimeMs
  return buildInputs.some((input) => newestMtime(join(root, input)) > built)
}

/** Builds the packages and pages when any source is newer than the last build. */
export function ensureBuilt(log = console.log) {
  if (!isBuildStale()) return
  log('Building the packages …')
  const status = run(process.execPath, [join(root, 'scripts/build.mjs')])
  if (status !== 0) throw new Error(`the build failed with exit code ${status}`)
}

/**
 * Installs Debian packages whose binary is missing, when we are root; otherwise says how. Returns the
 * names of packages still missing.
 */
export function ensureDebianPackages(packages, log = console.log) {
  const missing = packages.filter(({ binary }) => !existsSync(binary))
  if (missing.length === 0) return []
  const names = missing.map(({ pkg }) => pkg)
  if (process.getuid?.() !== 0) {
    log(`Missing ${names.join(', ')}: install with \`sudo apt-get install -y ${names.join(' ')}\`.`)
    return names
  }
  log(`Installing ${names.join(', ')} from Debian…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  run('apt-get', ['update', '-qq'], { env })
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env })
  return missing.filter(({ binary }) => !existsSync(binary)).map(({ pkg }) => pkg)
}
