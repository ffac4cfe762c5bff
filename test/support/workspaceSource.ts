import { readFileSync } from 'node:fs'
import type { BuildOptions } from 'esbuild'

/** The export condition under which our packages resolve to their TypeScript sources, as vitest resolves them. */
export const sourceConditions = ['pairwise-source']

const { devDependencies } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { devDependencies: Record<string, string> }

/**
 * esbuild options for a Node script built from the workspace: our packages bundled from their sources (never
 * a stale dist/), every third-party package left as an import Node resolves from node_modules.
 */
export const fromWorkspaceSources = {
  conditions: sourceConditions,
  external: Object.keys(devDependencies).flatMap((name) => [name, `${name}/*`]),
} satisfies BuildOptions
