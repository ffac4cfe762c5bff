// Shared by `npm start` and `npm test`: bring a fresh clone to a runnable state. Plain Node, no
// dependencies, because it runs before `npm ci`.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '')

/** The workspace's packages by folder, as the root package.json lists them. */
export const workspaces = workspacesOf(root)

function workspacesOf(folder) {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).workspaces
}

/** Everything in the workspace at `folder` whose change makes the build (each package's `dist/`, the pages) stale. */
const buildInputsOf = (folder) => [
  ...workspacesOf(folder),
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

/**
 * The build's inputs as they are now: a digest of every input file's path, so that a file added, removed or
 * renamed shows, and the newest file's mtime, so that one edited shows. A folder's own mtime is no evidence:
 * it moves whenever an output inside it (a test's bundle in `.test-bundles`) comes or goes, and read as a
 * change it rebuilt every dist/ under the suites still using them.
 */
export function buildInputsState(folder = root) {
  const files = []
  let newest = 0
  const walk = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (!stat.isDirectory()) {
      files.push(path.slice(folder.length + 1))
      newest = Math.max(newest, stat.mtimeMs)
      return
    }
    for (const entry of readdirSync(path)) if (!outputs.has(entry)) walk(join(path, entry))
  }
  for (const input of buildInputsOf(folder)) walk(join(folder, input))
  const digest = createHash('sha256').update(files.sort().join('\n')).digest('hex')
  return { digest, newest }
}

/** What a build records when it begins, for `writeBuildStamp` to keep once it succeeds. */
export function beginBuildStamp(folder = root) {
  // Taken before anything is read: a source edited while the build runs leaves the build stale. To the
  // fraction of a millisecond, as file times are: a whole millisecond would be earlier than a file written in it.
  const startedAt = performance.timeOrigin + performance.now()
  return { startedAt, inputs: buildInputsState(folder).digest }
}

export function writeBuildStamp(stamp, folder = root) {
  mkdirSync(join(folder, '.pairwise'), { recursive: true })
  writeFileSync(join(folder, '.pairwise/build-stamp'), `${JSON.stringify(stamp)}\n`)
}

/** Stale when there is no stamp, or an input file was added, removed or renamed, or edited since the build began. */
export function isBuildStale(folder = root) {
  const stampFile = join(folder, '.pairwise/build-stamp')
  if (!existsSync(stampFile)) return true
  let stamp
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'))
  } catch {
    return true
  }
  const { digest, newest } = buildInputsState(folder)
  return stamp?.inputs !== digest || !(newest <= stamp.startedAt)
}

/** Builds the packages and pages when any source is newer than the last build. */
export function ensureBuilt(log = console.log) {
  if (!isBuildStale()) return
  log('Building the packages …')
  const status = run(process.execPath, [join(root, 'scripts/build.mjs')])
  if (status !== 0) throw new Error(`the build failed with exit code ${status}`)
}

/**
 * Installs Debian packages whose binary is missing, when we are root; otherwise says how. Resolves to the
 * names of packages still missing.
 *
 * apt runs in the background, so the caller can install node_modules and build meanwhile (none of them needs
 * the others; on a new machine that overlaps a minute or two of downloads). Its output goes to a file, not a
 * pipe: a caller blocked in a synchronous install would leave a pipe unread and apt stuck writing to it. The
 * file is printed once apt is done, so it never interleaves with the caller's output.
 */
export async function ensureDebianPackages(packages, log = console.log) {
  const missing = packages.filter(({ binary }) => !existsSync(binary))
  if (missing.length === 0) return []
  const names = missing.map(({ pkg }) => pkg)
  if (process.getuid?.() !== 0) {
    log(`Missing ${names.join(', ')}: install with \`sudo apt-get install -y ${names.join(' ')}\`.`)
    return names
  }
  log(`Installing ${names.join(', ')} from Debian in the background…`)
  mkdirSync(join(root, '.pairwise'), { recursive: true })
  const logFile = join(root, '.pairwise/debian-install.log')
  const output = openSync(logFile, 'w')
  const child = spawn(
    'sh',
    ['-c', 'apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@"', 'apt', ...names],
    {
      cwd: root,
      stdio: ['ignore', output, output],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  )
  closeSync(output)
  const status = await new Promise((resolve) => {
    child.once('error', (error) => resolve(error.message))
    child.once('close', (code) => resolve(code))
  })
  const printed = readFileSync(logFile, 'utf8').trimEnd()
  log(
    `── Debian packages (${names.join(', ')}): apt exited with ${status} ──${printed ? `\n${printed}` : ''}`,
  )
  return missing.filter(({ binary }) => !existsSync(binary)).map(({ pkg }) => pkg)
}
