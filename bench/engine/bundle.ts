import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export type BundleSize = {
  minified: number
  gzipped: number
  /** Bytes each package (or each of our layers) contributes to the minified output, largest first. */
  contributors: [name: string, bytes: number][]
}

/** Which package, or which of our layers, an esbuild input path belongs to. */
function owner(input: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (inPackage?.[1]) return inPackage[1]
  return input.split('/')[0] ?? input
}

/** A one-line app that starts a SignClient from `from` and connects: what both bundles are measured on. */
export const signClientApp = (from: string) =>
  `import { SignClient } from '${from}'; SignClient.init({ projectId: 'p', relayUrl: 'ws://127.0.0.1:8787' }).then((client) => client.connect({}))`

/**
 * Bundles a one-line app entry for the browser as an app's bundler would (bundle, minify, ESM,
 * tree-shaking) and measures it, gzip included. Our packages resolve to their sources (the workspace's
 * `pairwise-source` condition), so the figure is the working tree's, built or not; `module` is named
 * because naming any condition drops esbuild's default one, which the official packages' entries use.
 */
export async function measureBundle(entry: string, resolveDir: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: entry, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    treeShaking: true,
    conditions: ['pairwise-source', 'module'],
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const [output] = result.outputFiles
  const [meta] = Object.values(result.metafile.outputs)
  if (!output || !meta) throw new Error('esbuild produced no output')
  const contributors = new Map<string, number>()
  for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
    const name = owner(input)
    contributors.set(name, (contributors.get(name) ?? 0) + bytesInOutput)
  }
  return {
    minified: output.contents.length,
    gzipped: gzipSync(output.contents).length,
    contributors: [...contributors].sort((a, b) => b[1] - a[1]),
  }
}
