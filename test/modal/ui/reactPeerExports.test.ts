import { resolve } from 'node:path'
import { build } from 'esbuild'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { fromWorkspaceSources } from '../../support/workspaceSource.js'

const root = resolve(import.meta.dirname, '../../..')

/** The modal's public entries: every one an app may import, so every module a bundler may reach. */
const entries = [
  'modal/index.ts',
  'modal/react/index.ts',
  'modal/elements.ts',
  'modal/wagmi/index.ts',
  'modal/siwx/index.ts',
  'modal/email/index.ts',
  'solana/index.ts',
]

/**
 * The exports React 18.2, 18.3, 19.0 and 19.1 all provide (their CommonJS builds' `exports.X =` lines, which
 * webpack reads to know a CommonJS module's export names). Our peer range (`^18.2.0 || ^19.0.0`) promises
 * every one of them, so the modal may read only these names statically. Left out on purpose: 19-only names
 * (use, useActionState, useOptimistic, cache, act), 19.2-only ones (Activity, useEffectEvent) and 18-only
 * ones (createFactory, react-dom's render and hydrate).
 */
const everyPeerExports: Record<string, readonly string[]> = {
  react: [
    'Children',
    'Component',
    'Fragment',
    'Profiler',
    'PureComponent',
    'StrictMode',
    'Suspense',
    'cloneElement',
    'createContext',
    'createElement',
    'createRef',
    'forwardRef',
    'isValidElement',
    'lazy',
    'memo',
    'startTransition',
    'useCallback',
    'useContext',
    'useDebugValue',
    'useDeferredValue',
    'useEffect',
    'useId',
    'useImperativeHandle',
    'useInsertionEffect',
    'useLayoutEffect',
    'useMemo',
    'useReducer',
    'useRef',
    'useState',
    'useSyncExternalStore',
    'useTransition',
    'version',
  ],
  'react/jsx-runtime': ['Fragment', 'jsx', 'jsxs'],
  'react-dom': ['createPortal', 'flushSync', 'unstable_batchedUpdates', 'version'],
  'react-dom/client': ['createRoot', 'hydrateRoot'],
}

/** The modal's public entries bundled as a library's ESM output, every package left as an import. */
async function modalBundles(): Promise<{ path: string; text: string }[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    ...fromWorkspaceSources,
    outdir: 'out',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles.map((file) => ({ path: file.path, text: file.text }))
}

/**
 * Every React export the code reads in a form webpack resolves at build time, as `specifier:name`: a named
 * import (or re-export), and a member of a namespace or default import read as `ns.name` or `ns['name']`.
 * Webpack checks each of these against the module's export names and fails the build on a missing one
 * ("Attempted import error: 'Activity' is not exported from 'react'"); a member read by a key it cannot
 * evaluate (a variable) is not checked.
 */
function staticReactReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const namespaces = new Map<string, string>()
  const reads: string[] = []
  const isReact = (specifier: ts.Expression): specifier is ts.StringLiteral =>
    ts.isStringLiteral(specifier) && /^react(-dom)?(\/|$)/.test(specifier.text)
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && isReact(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text
      const clause = statement.importClause
      if (clause?.name) namespaces.set(clause.name.text, specifier)
      const bindings = clause?.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, specifier)
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          reads.push(`${specifier}:${(element.propertyName ?? element.name).text}`)
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      isReact(statement.moduleSpecifier) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const element of statement.exportClause.elements)
        reads.push(`${statement.moduleSpecifier.text}:${(element.propertyName ?? element.name).text}`)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const specifier = namespaces.get(node.expression.text)
      if (specifier) reads.push(`${specifier}:${node.name.text}`)
    }
    if (
      ts.isElementAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression)
    ) {
      const specifier = namespaces.get(node.expression.text)
      if (specifier) reads.push(`${specifier}:${node.argumentExpression.text}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return reads
}

describe('React versions in the peer range (issue 32)', () => {
  it('the modal reads no React export that React 18.3 or 19.0 lacks, so webpack builds it', async () => {
    const bundles = await modalBundles()
    expect(bundles).toHaveLength(entries.length)
    const reads = new Set(bundles.flatMap((bundle) => staticReactReads(bundle.path, bundle.text)))
    // The bundles do read React, so an empty set would mean the reads were not found, not that none exist.
    expect(reads).toContain('react:useState')
    expect(reads).toContain('react-dom/client:createRoot')
    const missing = [...reads].filter((read) => {
      const [specifier = '', name = ''] = read.split(':')
      return !everyPeerExports[specifier]?.includes(name)
    })
    expect(missing).toEqual([])
    expect(
      bundles.filter((bundle) =>
        /import\s*\{[^}]*\bActivity\b[^}]*\}\s*from\s*["']react["']/.test(bundle.text),
      ),
    ).toEqual([])
  })
})
