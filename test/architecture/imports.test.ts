import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
/** The layers from the bottom up: each may import only those before it. */
const layers = ['common', 'crypto', 'storage', 'relay', 'engine', 'modal'] as const
/** Services run the stack's servers: they build on any layer but the modal. */
const serviceLayers = ['common', 'crypto', 'storage', 'relay', 'engine']

const sourceFiles = [...layers, 'services'].flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name)),
)
const known = new Set(sourceFiles)

/** Every relative import of `file` (static, type-only, side-effect, re-export or dynamic), as a source file. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?\sfrom\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string)
  return specifiers.flatMap((specifier) => {
    const base = relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '')
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => known.has(path))
    return found ? [found] : []
  })
}

const graph = new Map(sourceFiles.map((file) => [file, importsOf(file)]))
const layerOf = (file: string) => file.split('/')[0] as string

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
    ])
  })

  it('has no import cycles, type-only imports included', () => {
    expect(cycles()).toEqual([])
  })

  it('imports only downwards: common < crypto < storage < relay < engine < modal; services never the modal', () => {
    const upward: string[] = []
    for (const [file, imports] of graph) {
      const from = layerOf(file)
      const allowed =
        from === 'services'
          ? [...serviceLayers, 'services']
          : layers.slice(0, layers.indexOf(from as (typeof layers)[number]) + 1)
      for (const target of imports) if (!allowed.includes(layerOf(target))) upward.push(`${file} → ${target}`)
    }
    expect(upward).toEqual([])
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
