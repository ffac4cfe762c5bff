import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { z } from 'zod'

/** Runs npm in `cwd`; throws with npm's stderr on a non-zero exit unless `allowFailure` is set. */
function npm(args: readonly string[], cwd: string, allowFailure = false): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (result.error) throw result.error
  if (result.status !== 0 && !allowFailure)
    throw new Error(`npm ${args[0]} in ${cwd} failed with exit code ${result.status}:\n${result.stderr}`)
  return result.stdout
}

const packOutput = z.array(
  z.object({ name: z.string(), filename: z.string(), size: z.number(), unpackedSize: z.number() }),
)

export type Tarball = { name: string; path: string; size: number; unpackedSize: number }

/** `npm pack`s the given workspace folders (built dist/ included, no scripts) into `destination`. */
export function packWorkspaces(root: string, folders: readonly string[], destination: string): Tarball[] {
  const stdout = npm(
    [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      destination,
      ...folders.flatMap((folder) => ['-w', folder]),
    ],
    root,
  )
  return packOutput.parse(JSON.parse(stdout)).map(({ name, filename, size, unpackedSize }) => ({
    name,
    path: join(destination, filename),
    size,
    unpackedSize,
  }))
}

/** `file:` dependencies on the tarballs, so npm resolves our packages' `^0.1.0` ranges without the registry. */
export const tarballDependencies = (tarballs: readonly Tarball[]) =>
  Object.fromEntries(tarballs.map(({ name, path }) => [name, `file:${path}`]))

/**
 * Writes the app's package.json and installs it with a private cache that persists between runs, so reruns
 * are fast. Install scripts are skipped: the apps are only measured, never run.
 */
export function installApp(
  folder: string,
  dependencies: Record<string, string>,
  cache: string,
  extraFlags: readonly string[],
): void {
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: 'install-bench-app', private: true, dependencies }, null, 2)}\n`,
  )
  npm(
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      '--cache',
      cache,
      ...extraFlags,
    ],
    folder,
  )
}

const hiddenLockfile = z.object({ packages: z.record(z.string(), z.unknown()) })

/** Packages npm installed: the entries of node_modules/.package-lock.json, which lists no root entry. */
export function installedCount(folder: string): number {
  const lockfile = hiddenLockfile.parse(
    JSON.parse(readFileSync(join(folder, 'node_modules/.package-lock.json'), 'utf8')),
  )
  return Object.keys(lockfile.packages).filter((key) => key !== '').length
}

/** `du -sk` of each path under `folder`, in KiB. */
function du(folder: string, paths: readonly string[], flags: readonly string[] = []): number[] {
  const result = spawnSync('du', ['-sk', ...flags, ...paths], { cwd: folder, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`du failed: ${result.stderr}`)
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => Number(line.split('\t')[0]))
}

/** Disk usage of the app's whole node_modules in MiB, as `du -sh` reports it. */
export const nodeModulesMegabytes = (folder: string) => du(folder, ['node_modules'])[0]! / 1024

export type Installed = { name: string; path: string }

/** Every package folder on disk under `folder`'s node_modules, nested ones included. */
export function installedPackages(folder: string): Installed[] {
  const found: Installed[] = []
  const visit = (nodeModules: string, scope = '') => {
    let entries: string[]
    try {
      entries = readdirSync(nodeModules)
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.startsWith('.')) continue
      const path = join(nodeModules, entry)
      if (!scope && entry.startsWith('@')) {
        visit(path, entry)
        continue
      }
      found.push({ name: scope ? `${scope}/${entry}` : entry, path: relative(folder, path) })
      visit(join(path, 'node_modules'))
    }
  }
  visit(join(folder, 'node_modules'))
  return found
}

/** Every installed package with its own disk usage in MiB (its nested node_modules left out), largest first. */
export function packageSizes(folder: string) {
  const packages = installedPackages(folder)
  const sizes = du(
    folder,
    packages.map(({ path }) => path),
    ['--exclude=node_modules'],
  )
  return packages
    .map((installed, index) => ({ ...installed, megabytes: sizes[index]! / 1024 }))
    .sort((a, b) => b.megabytes - a.megabytes)
}

type LsNode = { version?: string; path?: string; dependencies?: Record<string, LsNode> }
const lsNode: z.ZodType<LsNode> = z.lazy(() =>
  z.object({
    version: z.string().optional(),
    path: z.string().optional(),
    dependencies: z.record(z.string(), lsNode).optional(),
  }),
)
const lsProblems = z.object({ problems: z.array(z.string()).optional() })

/** One installed copy of a package and the packages (name@version, or the app) that resolve to it. */
export type Copy = { version: string; path: string; requiredBy: string[] }

/**
 * The installed copies of each named package as `npm ls <names> --all --json --long` sees them (`--long`
 * adds each node's path, so two copies of one version still count as two), with npm's problems.
 */
export function lsCopies(folder: string, names: readonly string[]) {
  // `npm ls` exits non-zero when anything in the tree has a problem; the problems are reported instead.
  const output: unknown = JSON.parse(npm(['ls', ...names, '--all', '--json', '--long'], folder, true))
  const copies = new Map<string, Map<string, Copy>>(names.map((name) => [name, new Map()]))
  const visit = (node: LsNode, parent: string) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      const byPath = copies.get(name)
      if (byPath && child.version && child.path) {
        const path = relative(folder, child.path)
        const copy = byPath.get(path) ?? { version: child.version, path, requiredBy: [] }
        if (!copy.requiredBy.includes(parent)) copy.requiredBy.push(parent)
        byPath.set(path, copy)
      }
      visit(child, `${name}@${child.version}`)
    }
  }
  visit(lsNode.parse(output), 'the app')
  return {
    copies: new Map([...copies].map(([name, byPath]) => [name, [...byPath.values()]])),
    problems: lsProblems.parse(output).problems ?? [],
  }
}
