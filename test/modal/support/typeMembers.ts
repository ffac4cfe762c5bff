import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '../../..')

/** The property names of the object type alias `name` declared in the repo file `file`, as written there. */
export function typeMembers(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(resolve(root, file), 'utf8'), ts.ScriptTarget.Latest)
  const alias = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === name,
  )
  if (!alias || !ts.isTypeLiteralNode(alias.type)) throw new Error(`${file} declares no object type ${name}`)
  return alias.type.members.flatMap((member) =>
    member.name && ts.isIdentifier(member.name) ? [member.name.text] : [],
  )
}
