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
