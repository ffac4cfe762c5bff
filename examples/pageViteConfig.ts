import { fileURLToPath } from 'node:url'
import type { UserConfig } from 'vite'

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

/**
 * How every example page is built: from the package's sources (no prior `npm run build`), into the
 * page's own `dist/`, with relative asset paths so the page works under any path prefix.
 */
export function examplePageConfig(pageDir: URL): UserConfig {
  return {
    root: fileURLToPath(pageDir),
    base: './',
    resolve: {
      alias: [
        { find: /^pairwise\/modal$/, replacement: source('modal/index.ts') },
        { find: /^pairwise\/modal\/react$/, replacement: source('modal/react/index.ts') },
        { find: /^pairwise\/modal\/elements$/, replacement: source('modal/elements.ts') },
        { find: /^pairwise\/wagmi$/, replacement: source('modal/wagmi/index.ts') },
        { find: /^pairwise\/siwx$/, replacement: source('modal/siwx/index.ts') },
        { find: /^pairwise\/email$/, replacement: source('modal/email/index.ts') },
        { find: /^pairwise\/solana$/, replacement: source('modal/adapters/solana/index.ts') },
      ],
    },
    build: {
      outDir: 'dist',
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
