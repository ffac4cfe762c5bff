import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const archNames: Partial<Record<NodeJS.Architecture, string>> = { x64: 'amd64', arm64: 'arm64' }

/**
 * The Anvil executable shipped inside the `@foundry-rs/anvil-<os>-<arch>` npm package. We run it directly
 * rather than through the package's Node wrapper so that stopping it stops the chain, not just a shim.
 */
export function anvilBinary(): string {
  const arch = archNames[process.arch]
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`
  const require = createRequire(import.meta.url)
  let manifest: string
  try {
    manifest = require.resolve(`${pkg}/package.json`)
  } catch {
    throw new Error(`Anvil is not installed for this platform (${pkg} is missing). Run \`npm install\`.`)
  }
  const binary = join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) throw new Error(`Anvil's binary is missing at ${binary}. Reinstall ${pkg}.`)
  return binary
}
