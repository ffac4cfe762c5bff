import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

type Manifest = { exports: Record<string, string | { 'pairwise-source'?: string }> }
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as unknown

const { workspaces } = readJson('package.json') as { workspaces: string[] }
/** Every entry of every package, read from the manifests so that a new entry is covered at once. */
const entries = workspaces.flatMap((folder) =>
  Object.entries((readJson(join(folder, 'package.json')) as Manifest).exports).flatMap(
    ([subpath, target]) => {
      const source = typeof target === 'string' ? undefined : target['pairwise-source']
      if (source === undefined) return []
      const name = subpath === '.' ? 'index' : subpath.slice('./'.length)
      return [{ label: `${folder}/${name}`, file: join(root, folder, source) }]
    },
  ),
)

/** Whether a re-export chain makes the name a type alone: a type-only specifier or clause on the way. */
const isTypeOnlyAlias = (declaration: ts.Declaration) =>
  (ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) ||
  (ts.isImportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) ||
  (ts.isImportClause(declaration) && declaration.isTypeOnly)

/** The entry's export names, sorted, a type-only one as `type Name`. */
function exportNames(checker: ts.TypeChecker, sourceFile: ts.SourceFile): string[] {
  const module = checker.getSymbolAtLocation(sourceFile)
  if (module === undefined) throw new Error(`${sourceFile.fileName} is not a module`)
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      let target = symbol
      let typeOnly = false
      while (target.flags & ts.SymbolFlags.Alias) {
        typeOnly ||= (target.declarations ?? []).some(isTypeOnlyAlias)
        const next = checker.getImmediateAliasedSymbol(target)
        if (next === undefined) break
        target = next
      }
      return typeOnly || !(target.flags & ts.SymbolFlags.Value) ? `type ${symbol.name}` : symbol.name
    })
    .sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')))
}

describe('each package entry lists its public names (issue 32)', () => {
  let program: ts.Program

  beforeAll(() => {
    const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root)
    program = ts.createProgram({ rootNames: entries.map((entry) => entry.file), options })
  }, 120_000)

  const sourceFileOf = (file: string) => {
    const sourceFile = program.getSourceFile(file)
    if (sourceFile === undefined) throw new Error(`${file} is not in the program`)
    return sourceFile
  }

  it('finds the entries in the manifests', () => {
    expect(entries.length).toBeGreaterThan(workspaces.length)
  })

  for (const { label, file } of entries) {
    it(`${label} names each export: no \`export *\` hides what it adds`, () => {
      const sourceFile = sourceFileOf(file)
      const starExports = sourceFile.statements.filter(
        (statement) =>
          ts.isExportDeclaration(statement) &&
          (statement.exportClause === undefined || ts.isNamespaceExport(statement.exportClause)),
      )
      expect(starExports.map((statement) => statement.getText(sourceFile))).toEqual([])
    })

    it(`${label} exports the names of its snapshot, so review sees an API change`, async () => {
      const names = exportNames(program.getTypeChecker(), sourceFileOf(file))
      expect(names.length).toBeGreaterThan(0)
      await expect(`${names.join('\n')}\n`).toMatchFileSnapshot(`./__snapshots__/publicSurface/${label}.txt`)
    })
  }

  it('the React entry of the modal gives every name of its headless entry, so an app imports from one place', () => {
    const names = (label: string) => {
      const entry = entries.find((candidate) => candidate.label === label)
      if (entry === undefined) throw new Error(`no entry ${label}`)
      return exportNames(program.getTypeChecker(), sourceFileOf(entry.file))
    }
    const react = new Set(names('modal/react'))
    expect(names('modal/index').filter((name) => !react.has(name))).toEqual([])
  })
})
