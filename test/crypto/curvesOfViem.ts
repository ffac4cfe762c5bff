import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Where viem's own @noble/curves is, found the way Node finds it from viem's folder. */
export function curvesOfViem() {
  const fromViem = createRequire(createRequire(import.meta.url).resolve('viem/package.json'))
  // 1.x does not export its package.json; its CommonJS ed25519 sits at the package root.
  const root = dirname(fromViem.resolve('@noble/curves/ed25519'))
  return {
    packageJson: join(root, 'package.json'),
    module: (file: string) => pathToFileURL(join(root, 'esm', file)).href,
  }
}
