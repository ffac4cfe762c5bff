import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The secure frame page: one module script and one stylesheet under /frame/assets, nothing inline, so the
 * page runs under `script-src 'self'` with no hash or nonce to keep in step.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/frame/',
  // Our packages resolve to their sources, so the page never bundles a stale dist/.
  resolve: { conditions: ['pairwise-source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  logLevel: 'warn',
})
