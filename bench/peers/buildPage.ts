import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'

export type BuildPageOptions = {
  /** Folder holding the page's index.html. */
  root: string
  outDir: string
  /** Use the page's own vite.config.* (ours); the peer pages have none and take only the shared settings. */
  useConfigFile: boolean
}

const configNames = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs']

export function hasViteConfig(root: string): boolean {
  return configNames.some((name) => existsSync(join(root, name)))
}

/**
 * Builds one page with the settings every benchmarked page shares: a minified production build for ES2022, no
 * source maps, JSX through esbuild's automatic runtime. These override what a page's own config says about them.
 * The chain's RPC URL reaches the pages through the environment (see `chainRpcUrlEnv`).
 */
export async function buildPage({ root, outDir, useConfigFile }: BuildPageOptions): Promise<void> {
  await build({
    root,
    configFile: useConfigFile ? undefined : false,
    mode: 'production',
    // The peers' dependencies warn by the hundred (comment positions, chunk sizes); errors still show.
    logLevel: 'error',
    esbuild: { jsx: 'automatic' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: 'esbuild',
      cssMinify: true,
      sourcemap: false,
      reportCompressedSize: false,
    },
  })
}
