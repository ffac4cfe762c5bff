import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
/** The packages from the bottom up, by folder: each may import only those before it. */
const layers = ['common', 'crypto', 'storage', 'relay', 'engine', 'modal', 'solana', 'bitcoin'] as const
/** Services run the stack's servers: they build on any layer but the modal and its adapters. */
const serviceLayers = ['common', 'crypto', 'storage', 'relay', 'engine']
/**
 * The parts of `services/` that run only on a developer's machine: the demo page, the local stack, the CLI
 * and the local cluster it starts. Every other part (api, auth, relay, mail, chains, frame, the kit) is
 * deployed on its own and must not pull them in.
 */
const servicesDevOnly = ['demo', 'stack', 'cli', 'cluster']
/** The app scaffolder stands alone: it imports none of our packages (the apps it writes do). */
const folders = [...layers, 'services', 'create-pairwise'] as const
type Folder = (typeof folders)[number]

type Manifest = {
  name: string
  exports: Record<string, string | { 'pairwise-source': string }>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
const manifests = new Map(
  folders.map((folder) => [
    folder,
    JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest,
  ]),
)
/** Each package's entries, `@pairwise/engine/frame` → `engine/frame/index.ts`. */
const entries = new Map(
  [...manifests].flatMap(([folder, manifest]) =>
    Object.entries(manifest.exports).flatMap(([subpath, target]) =>
      typeof target === 'string'
        ? []
        : [[join(manifest.name, subpath), join(folder, target['pairwise-source'])] as const],
    ),
  ),
)

const sourceFiles = folders.flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (name) =>
        /\.tsx?$/.test(name) &&
        !name.endsWith('.d.ts') &&
        !/(^|\/)(dist|node_modules|templates)\//.test(name),
    )
    .map((name) => join(folder, name)),
)
const known = new Set(sourceFiles)

/** Every specifier `file` imports (static, type-only, side-effect, re-export or dynamic). */
function specifiersOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string)
}

/** The source files `file` imports, relative or by one of our package names. */
function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((specifier) => {
    if (!specifier.startsWith('.')) {
      const entry = entries.get(specifier)
      return entry ? [entry] : []
    }
    const base = relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '')
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => known.has(path))
    return found ? [found] : []
  })
}

/** The npm package a bare specifier names: `@scope/name` or `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** A page's build config, run with the workspace's tools at build time and never shipped. */
const isDevOnly = (file: string) => file.endsWith('vite.config.ts')

const graph = new Map(sourceFiles.map((file) => [file, importsOf(file)]))
const layerOf = (file: string) => file.split('/')[0] as Folder

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function cycles(): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
      } else if (onStack.has(next))
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) found.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe('the source tree', () => {
  it('reads the imports it judges', () => {
    expect(sourceFiles.length).toBeGreaterThan(300)
    expect(graph.get('engine/assertRoom.ts')).toEqual([
      'engine/context.ts',
      'engine/errors.ts',
      'engine/limits.ts',
      'engine/store/expirer.ts',
    ])
  })

  it('has no import cycles, type-only imports included', () => {
    expect(cycles()).toEqual([])
  })

  it('imports only downwards: common < crypto < storage < relay < engine < modal < solana < bitcoin; services never the modal', () => {
    const upward: string[] = []
    for (const [file, imports] of graph) {
      const from = layerOf(file)
      const allowed: string[] =
        from === 'services'
          ? [...serviceLayers, 'services']
          : from === 'create-pairwise'
            ? ['create-pairwise']
            : layers.slice(0, layers.indexOf(from) + 1)
      for (const target of imports) if (!allowed.includes(layerOf(target))) upward.push(`${file} → ${target}`)
    }
    expect(upward).toEqual([])
  })

  it('services: the kit imports no other service, and no deployable service imports the dev-only parts (demo, stack, cli, cluster)', () => {
    const part = (file: string) => (file.startsWith('services/') ? file.split('/')[1] : undefined)
    const crossing: string[] = []
    for (const [file, imports] of graph) {
      const from = part(file)
      if (from === undefined || !file.slice('services/'.length).includes('/')) continue
      for (const target of imports) {
        const to = part(target)
        if (to === undefined || to === from) continue
        if (from === 'kit' || (!servicesDevOnly.includes(from) && servicesDevOnly.includes(to)))
          crossing.push(`${file} → ${target}`)
      }
    }
    expect(crossing).toEqual([])
  })

  it('the browser packages use zod only as zod/mini: classic zod in one lazy chunk grew the first load’s shared zod chunk by 4 KB gzip', () => {
    const browserLayers: readonly Folder[] = [
      'common',
      'crypto',
      'storage',
      'relay',
      'engine',
      'modal',
      'solana',
      'bitcoin',
    ]
    const classic = sourceFiles
      .filter((file) => browserLayers.includes(layerOf(file)))
      .filter((file) =>
        specifiersOf(file).some((specifier) => specifier === 'zod' || specifier.startsWith('zod/v')),
      )
    expect(classic).toEqual([])
  })

  it('reaches another package only by its name, never by a relative path into its folder', () => {
    const crossing = sourceFiles.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => relative(root, resolve(root, dirname(file), specifier)))
        .filter((target) => target.split('/')[0] !== layerOf(file))
        .map((target) => `${file} → ${target}`),
    )
    expect(crossing).toEqual([])
  })

  it('declares every package it imports, and imports the others only through their entries', () => {
    const undeclared: string[] = []
    for (const file of sourceFiles) {
      const manifest = manifests.get(layerOf(file)) as Manifest
      const declared = {
        ...manifest.dependencies,
        ...manifest.peerDependencies,
        ...manifest.optionalDependencies,
      }
      for (const specifier of specifiersOf(file)) {
        // `virtual:` names a module a page's build config makes (the frame's shared stylesheet), not a package.
        if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('virtual:'))
          continue
        const name = packageName(specifier)
        if (name === manifest.name) undeclared.push(`${file} imports its own package ${specifier}`)
        else if (name.startsWith('@pairwise/') && !entries.has(specifier))
          undeclared.push(`${file} → ${specifier} is no entry of ${name}`)
        else if (!(name in declared) && !isDevOnly(file)) undeclared.push(`${file} → ${name}`)
      }
    }
    expect(undeclared).toEqual([])
  })

  it("keeps the modal's core free of concrete adapters: only createAppKit and the adapters' own entries pick one", () => {
    const concrete = /^modal\/adapters\/[^/]+\//
    const core = /^modal\/(core|controllers|state|ui|react|api|networks|i18n|wallets|analytics|theme)\//
    const reaching = [...graph]
      .filter(([file]) => core.test(file))
      .flatMap(([file, imports]) =>
        imports.filter((target) => concrete.test(target)).map((target) => `${file} → ${target}`),
      )
    expect(reaching).toEqual([])
  })
})
