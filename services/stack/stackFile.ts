import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** The keys ARCHITECTURE.md fixes for `.pairwise/stack.json`; each part adds its own once it exists. */
export type StackFile = {
  chain: { url: string; chainId: number }
  relay: { url: string }
  api: { url: string; adminToken: string }
  auth: { url: string }
  /**
   * The local identity providers every social login of the stack goes to (one issuer, a shim per provider):
   * each provider's issuer and client id, as an app registered with it would know them.
   */
  idp: { url: string; providers: Record<string, { issuer: string; clientId: string }> }
  mail: { url: string; smtp: string }
  /** The local Farcaster auth relay, and its test client page that approves sign-ins as the test fid. */
  farcaster: { relayUrl: string; clientPage: string }
  /** The local ERC-4337 bundler (alto, dev only) on the local chain's EntryPoint; `name` on the api's bundler path. */
  bundler?: { url: string; name: string }
  projectId: string
  pages: { demo: string; siwx: string; embedded: string; multichain: string; actions: string }
  contracts: Record<string, string>
  solana: StackFileSolana & { devnet: StackFileSolana }
  /** The local regtest chain: Esplora's API is under `${url}/api`. */
  bitcoin: { url: string; caipNetworkId: string }
}

/** One local Solana chain in the stack file. */
export type StackFileSolana = {
  url: string
  wsUrl: string
  genesisHash: string
  caipNetworkId: string
  testUsdMint: string
}

/**
 * Writes the stack file readable by its owner only (it holds the api's admin token), whole or not at
 * all: a reader never sees half a file.
 */
export function writeStackFile(path: string, contents: StackFile): void {
  writePartialStackFile(path, contents)
}

/** A stack file of some parts only (`pairwise cluster` runs the services, not the local chains), plus its own. */
export function writePartialStackFile(
  path: string,
  contents: Partial<StackFile> & Record<string, unknown>,
): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const partial = `${path}.${process.pid}.tmp`
  // A file already there keeps its own mode (and owner): the secrets go only into one made here, 0600.
  rmSync(partial, { force: true })
  writeFileSync(partial, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  renameSync(partial, path)
}

export function removeStackFile(path: string): void {
  rmSync(path, { force: true })
}
