import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

/** The files `file` loads when it loads: its value imports and re-exports, not `import type` nor `import()`. */
function staticImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g),
  ].map((match) => match[1] as string)
  return specifiers.flatMap((specifier) => {
    const base = relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '')
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(join(root, p)))
    return found ? [found] : []
  })
}

/** Everything the page loads with `file` before any dynamic import runs. */
function firstLoad(file: string): Set<string> {
  const seen = new Set<string>()
  const visit = (next: string) => {
    if (seen.has(next)) return
    seen.add(next)
    for (const imported of staticImports(next)) visit(imported)
  }
  visit(file)
  return seen
}

describe('sign-in code loads only with sign-in (issue 14, acceptance 5)', () => {
  it('the modal entry reaches no sign-in module nor the sign-in view without a dynamic import', () => {
    const loaded = [...firstLoad('modal/index.ts')]
    expect(loaded).toContain('modal/core/appKit.ts')
    expect(loaded).toContain('modal/ui/views/index.ts')
    expect(
      loaded.filter((file) => file.startsWith('modal/siwx/') || file.includes('SIWXSignMessage')),
    ).toEqual([])
  })
})
