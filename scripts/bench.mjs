// `npm run bench -- <name> [options]`: bundles bench/<name>/*.ts with esbuild and runs bench/<name>/main.
// Benchmarks print ratios against a baseline measured in the same run; they are not tests.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ensureBuilt, ensureInstalled, root, run } from './lib/bootstrap.mjs'

const [name, ...args] = process.argv.slice(2)
const benches = readdirSync(join(root, 'bench'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
if (!name || !benches.includes(name)) {
  console.error(`usage: npm run bench -- <${benches.join('|')}> [options]`)
  process.exit(2)
}
ensureInstalled()
ensureBuilt()
// Imported once installed: on a fresh clone esbuild is not there before ensureInstalled.
const { build } = await import('esbuild')
const source = join(root, 'bench', name)
const outdir = join(root, '.pairwise/bench', name)
await build({
  entryPoints: readdirSync(source)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(source, f)),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
process.exit(run(process.execPath, [join(outdir, 'main.js'), ...args]))
