import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const packages = [
  'common',
  'crypto',
  'storage',
  'relay',
  'engine',
  'modal',
  'solana',
  'bitcoin',
  'services',
  'create-pairwise',
]

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
 * The built modules of `folder`'s package that run something on import (the secure frame page is bundled
 * apart, and the scaffolder's templates are files it copies).
 */
function withEffects(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !/(^|\/)(dist|node_modules)\//.test(name),
    )
    .filter((name) => !/^(frame\/app|templates)\//.test(name) && runsOnImport(join(folder, name)))
    .map((name) => `./dist/${name.replace(/\.tsx?$/, '.js')}`)
    .sort()
}

describe('package.json sideEffects', () => {
  it.each(
    packages,
  )('%s lists exactly its built modules that run something on import (false when none), so bundlers may drop every other one', (folder) => {
    const { sideEffects } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
      sideEffects: false | string[]
    }
    const expected = withEffects(folder)
    expect(sideEffects === false ? [] : [...sideEffects].sort()).toEqual(expected)
    if (expected.length === 0) expect(sideEffects).toBe(false)
  })
})
