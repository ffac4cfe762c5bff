import { relative, resolve } from 'node:path'
import { constants, gzipSync } from 'node:zlib'
import { build, type Plugin } from 'esbuild'

/** React is page-provided on both sides: every page that shows a modal already has it. */
export const pageProvided = /^react(-dom)?(\/|$)/

export type AdapterEntry = {
  /** The module the entry imports the adapter class from. */
  from: string
  /** The adapter class's exported name (`SolanaAdapter`, `BitcoinAdapter`). */
  adapter: string
  /** Where `from` and the bundled packages resolve. */
  resolveDir: string
  /** Bare imports (matched whole, subpaths included only if the pattern says so) left to the page. */
  leaveOut?: RegExp
  /** Repository files under this folder are bundled; any other repository file is left to the page. */
  onlyFilesUnder?: string
}

export type BundleSize = {
  minified: number
  gzipped: number
  /** Minified bytes each package (or each of our folders) contributes, largest first. */
  contributors: [name: string, bytes: number][]
}

/** A one-module app that imports the adapter class and keeps an instance, so nothing of it is dropped. */
export function appEntry({ from, adapter }: Pick<AdapterEntry, 'from' | 'adapter'>): string {
  return [
    `export { ${adapter} } from '${from}'`,
    `import { ${adapter} } from '${from}'`,
    `globalThis.__adapter = new ${adapter}()`,
  ].join('\n')
}

export const gzipBest = (code: Uint8Array | string) =>
  gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length

/** The package an esbuild input belongs to, or for our own files the folder holding them. */
function owner(input: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (inPackage?.[1]) return inPackage[1]
  return input.split('/').slice(0, -1).join('/') || input
}

/** Leaves to the page what `entry` says it already has. */
function pageHas({ leaveOut, onlyFilesUnder }: AdapterEntry): Plugin {
  return {
    name: 'page-has',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, ({ path, resolveDir, kind }) => {
        if (kind === 'entry-point') return undefined
        if (pageProvided.test(path) || leaveOut?.test(path)) return { path, external: true }
        // A package's own relative imports stay with it: only our repository files outside the folder go.
        if (!onlyFilesUnder || !path.startsWith('.') || resolveDir.includes('/node_modules/'))
          return undefined
        const target = resolve(resolveDir, path)
        return relative(onlyFilesUnder, target).startsWith('..')
          ? { path: target, external: true }
          : undefined
      })
    },
  }
}

/**
 * Bundles `appEntry` with esbuild as a production app build would: bundled, minified, tree-shaken ESM for
 * the browser at ES2022 with NODE_ENV production; measured minified and at gzip level 9.
 */
export async function measureAdapter(entry: AdapterEntry): Promise<BundleSize> {
  const result = await build({
    stdin: {
      contents: appEntry(entry),
      resolveDir: entry.resolveDir,
      loader: 'ts',
      sourcefile: 'entry.ts',
    },
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    plugins: [pageHas(entry)],
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const [output] = result.outputFiles
  const [meta] = Object.values(result.metafile.outputs)
  if (!output || !meta) throw new Error(`esbuild produced no output for ${entry.from}`)
  const contributors = new Map<string, number>()
  for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
    const name = owner(input)
    contributors.set(name, (contributors.get(name) ?? 0) + bytesInOutput)
  }
  return {
    minified: output.contents.length,
    gzipped: gzipBest(output.contents),
    contributors: [...contributors].sort((a, b) => b[1] - a[1]),
  }
}
