import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const layers = ['common', 'crypto', 'storage', 'relay', 'engine', 'modal', 'services']

/** Whether importing the file does something: a top-level statement that is not a declaration. */
function runsOnImport(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.some(
    (statement) =>
      !ts.isImportDeclaration(statement) &&
      !ts.isExportDeclaration(statement) &&
      !ts.isVariableStatement(statement) &&
      !ts.isFunctionDeclaration(statement) &&
      !ts.isClassDeclaration(statement) &&
      !ts.isTypeAliasDeclaration(statement) &&
      !ts.isInterfaceDeclaration(statement) &&
      !ts.isModuleDeclaration(statement) &&
      !ts.isEnumDeclaration(statement),
  )
}

/**
 * The repo's own apps and test pages are bundled from the package's folder (the demo and the secure frame
 * by Vite, the e2e pages by esbuild), so the same field covers them: their modules run on import by design.
 */
const appFolders = ['./examples/**', './services/frame/app/**', './test/**']

describe('package.json sideEffects', () => {
  it('lists exactly the built modules that run something on import (and the app folders), so bundlers may drop every other one', () => {
    const withEffects = layers
      .flatMap((folder) =>
        readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
          .map((name) => join(folder, name)),
      )
      .filter((file) => !file.startsWith('services/frame/app/') && runsOnImport(file))
      .map((file) => `./dist/${file.replace(/\.tsx?$/, '.js')}`)
      .sort()
    const { sideEffects } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      sideEffects: string[]
    }
    expect(withEffects.length).toBeGreaterThan(0)
    expect([...sideEffects].sort()).toEqual([...withEffects, ...appFolders].sort())
  })
})
