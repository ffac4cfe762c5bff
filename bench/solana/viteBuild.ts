import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { type AdapterEntry, appEntry, gzipBest, pageProvided } from './bundle.js'

const entryName = 'adapter-bench-entry.ts'

/**
 * The same app entry built by vite as a library (its production bundler, Rolldown, with the settings of
 * bench/peers/buildPage.ts): a cross-check on esbuild, whose tree-shaking keeps some objects Rolldown drops.
 * The entry is a virtual module placed in `resolveDir`, so its imports resolve from there.
 */
export async function measureWithVite(entry: AdapterEntry): Promise<{ minified: number; gzipped: number }> {
  const { resolveDir } = entry
  const entryId = join(resolveDir, entryName)
  const result = await build({
    configFile: false,
    root: resolveDir,
    mode: 'production',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'adapter-bench-entry',
        resolveId: (id) => (id === entryId ? id : undefined),
        load: (id) => (id === entryId ? appEntry(entry) : undefined),
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: 'esbuild',
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: entryId, formats: ['es'], fileName: 'adapter' },
      rolldownOptions: { external: (id) => pageProvided.test(id) },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks = outputs.flatMap(({ output }) => output.filter((item) => item.type === 'chunk'))
  return {
    minified: chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0),
    gzipped: chunks.reduce((sum, chunk) => sum + gzipBest(chunk.code), 0),
  }
}
