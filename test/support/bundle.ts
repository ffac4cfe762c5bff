import { dirname } from 'node:path'
import { build } from 'esbuild'
import { sourceConditions } from './workspaceSource.js'

/** Bundles `entry` for the browser into one ESM string, as an app's bundler would. */
export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    conditions: sourceConditions,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`)
  return output.text
}

/**
 * `lines` of TypeScript (imports by absolute path) bundled into `outfile`, one ESM file to run with node
 * as a process of its own; `require` works in it for the CommonJS packages it bundles.
 */
export async function bundleNodeScript(
  outfile: string,
  lines: readonly string[],
  external: string[] = [],
): Promise<string> {
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: dirname(outfile), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    external,
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  })
  return outfile
}
