import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/** Builds the demo from the package's sources, so it needs no prior `npm run build`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: [
      { find: /^pairwise\/modal$/, replacement: source('modal/index.ts') },
      { find: /^pairwise\/modal\/elements$/, replacement: source('modal/elements.ts') },
      { find: /^pairwise\/wagmi$/, replacement: source('modal/wagmi/index.ts') },
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
})
