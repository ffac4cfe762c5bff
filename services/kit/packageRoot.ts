import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder of the `pairwise` package this code runs from (sources in a clone, or dist in an install). */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'pairwise'
    )
      return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`no pairwise package.json above ${from}`)
    dir = parent
  }
}
