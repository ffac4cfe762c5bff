import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultClientConditions, type UserConfig } from 'vite'

/** Our packages resolve to their sources (no prior `npm run build`), ahead of the browser's usual conditions. */
const sourceConditions = ['pairwise-source', ...defaultClientConditions]

/**
 * How every example page is built: from the packages' sources, into `services/pages/<page>` (the `pairwise`
 * package serves and ships them), with relative asset paths so the page works under any path prefix.
 */
export function examplePageConfig(pageDir: URL): UserConfig {
  return {
    root: fileURLToPath(pageDir),
    base: './',
    resolve: { conditions: sourceConditions },
    build: {
      outDir: fileURLToPath(
        new URL(`../services/pages/${basename(fileURLToPath(pageDir))}`, import.meta.url),
      ),
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 1024,
      rolldownOptions: {
        // React libraries mark modules "use client" for server components, and ox names a Node module it
        // never loads in a browser; neither matters to this client bundle.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE' && !warning.message.includes('externalized'))
            warn(warning)
        },
      },
    },
    logLevel: 'warn',
  }
}
