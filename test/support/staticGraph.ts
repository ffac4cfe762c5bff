import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** What a file loads with it: its value imports and re-exports (not `import type`, not `import()`). */
export function staticSpecifiers(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g),
  ].map((match) => match[1] as string)
}

/** What a file loads by `import()`, later than with it. */
export function dynamicSpecifiers(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] as string)
}

function sourceOf(file: string, specifier: string): string | undefined {
  const base = relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '')
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(join(root, path)))
}

/**
 * Everything a page loads with `entries` (paths from the repo root) before any dynamic import runs: the
 * repo's source files and the packages (bare specifiers, as written) they import.
 */
export function firstLoad(...entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const specifier of staticSpecifiers(file)) {
      if (!specifier.startsWith('.')) packages.add(specifier)
      else {
        const found = sourceOf(file, specifier)
        if (found) visit(found)
      }
    }
  }
  for (const entry of entries) visit(entry)
  return { files, packages }
}
