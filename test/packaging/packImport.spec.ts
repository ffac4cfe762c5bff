import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { npmInstall } from './npmInstall.js'
import { removeFolder } from './removeFolder.js'
import { isServerOnly } from './serverOnly.js'
import { packPackages, type Tarballs, tarballDependencies } from './stacks.js'

const run = promisify(execFile)

/** What each entry must export when imported by package name in plain Node (no DOM, no React). */
const entries = {
  '@pairwise/crypto': ['keccak256', 'recoverPublicKey'],
  '@pairwise/crypto/platform': ['platformClientCrypto'],
  '@pairwise/storage': ['MemoryStorage'],
  '@pairwise/storage/node': ['FileStorage'],
  '@pairwise/relay': ['RelayClient'],
  '@pairwise/engine': ['SignClient', 'UniversalProvider'],
} as const

/** In plain Node: two X25519 pairs agree on a key and a relay JWT verifies, all in pure JavaScript. */
const nobleKeyAgreement = `
const { deriveSymKey, encodeDidKey, generateKeyPair, generateSigningKeyPair, signRelayJwt, verifyRelayJwt } = {
  ...(await import('@pairwise/crypto')),
  ...(await import('@pairwise/crypto/noble')),
}
const [a, b] = [generateKeyPair(), generateKeyPair()]
const same = (x, y) => Buffer.from(x).equals(Buffer.from(y))
const { secretKey, publicKey } = generateSigningKeyPair()
const iat = Math.floor(Date.now() / 1000)
const jwt = signRelayJwt({ secretKey, aud: 'ws://127.0.0.1', sub: 'a'.repeat(64), iat, ttl: 60 })
const { iss } = verifyRelayJwt(jwt, { now: iat })
console.log(JSON.stringify({ agreed: same(deriveSymKey(a.privateKey, b.publicKey), deriveSymKey(b.privateKey, a.publicKey)), jwtIssuer: iss === encodeDidKey(publicKey) }))`

/** In plain Node: createAppKit from the headless entry gives the core, with no DOM and no React. */
const headlessKit = `
const { AppKit, createAppKit, Eip155Adapter, ethereum } = await import('@pairwise/modal')
const kit = createAppKit({ adapters: [new Eip155Adapter()], networks: [ethereum], projectId: 'pack-test', enableReconnect: false })
console.log(JSON.stringify({ core: kit instanceof AppKit, network: kit.store.get().activeNetwork?.caipNetworkId }))
process.exit(0)`

/** Imports `specifier` in a fresh Node process inside `folder`; resolves to its export names, or the error. */
async function importIn(folder: string, specifier: string): Promise<{ names?: string[]; error?: string }> {
  const script = `import(${JSON.stringify(specifier)}).then((m) => console.log(JSON.stringify(Object.keys(m))), (e) => { console.log(JSON.stringify({ error: String(e.code ?? e.message) })) })`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: folder })
  const parsed = JSON.parse(stdout) as string[] | { error: string }
  return Array.isArray(parsed) ? { names: parsed } : { error: parsed.error }
}

/** The top-level names under `folder`'s node_modules, scopes as `@scope`, and `@scope/name` within them. */
function installedNames(folder: string): string[] {
  const modules = join(folder, 'node_modules')
  return readdirSync(modules).flatMap((name) =>
    name.startsWith('@')
      ? [name, ...readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`)]
      : [name],
  )
}

type App = { folder: string; install(...extra: string[]): Promise<unknown> }

/** A fresh Node app in its own folder that depends on `names` of ours (and their packages of ours). */
function plainApp(work: string, name: string, tarballs: Tarballs, names: string[], cache: string): App {
  const folder = join(work, name)
  mkdirSync(folder)
  const dependencies = tarballDependencies(tarballs, names)
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name, private: true, type: 'module', dependencies }, null, 2)}\n`,
  )
  const install = (...extra: string[]) => npmInstall(folder, cache, name, extra)
  return { folder, install }
}

test.describe.configure({ timeout: 240_000 })

test.describe('the packed packages, each installed alone in a plain Node app', () => {
  let work: string
  let tarballs: Tarballs
  const cache = join(tmpdir(), 'pairwise-packaging-npm-cache')

  test.beforeAll(async () => {
    // A hook's time is the config's 30 s, not the group's: packing every workspace took longer than that
    // once in CI, beside another worker's app build.
    test.setTimeout(180_000)
    mkdirSync(cache, { recursive: true })
    work = mkdtempSync(join(tmpdir(), 'pairwise-pack-import-'))
    tarballs = await packPackages(work)
  })
  test.afterAll(() => removeFolder(work))

  test('the relay client and its mock install without any server dependency; the mock needs only its optional peers', async () => {
    const app = plainApp(work, 'relay-client-app', tarballs, ['@pairwise/relay'], cache)
    await app.install()
    const installed = installedNames(app.folder)
    expect(installed.filter(isServerOnly)).toEqual([])
    expect((await importIn(app.folder, '@pairwise/relay')).names).toContain('RelayClient')
    expect((await importIn(app.folder, '@pairwise/relay')).names).not.toContain('startMockRelay')
    expect(await importIn(app.folder, '@pairwise/relay/mock')).toEqual({ error: 'ERR_MODULE_NOT_FOUND' })
    await app.install('mock-socket@9.3.1', '@noble/curves@2.4.0')
    expect((await importIn(app.folder, '@pairwise/relay/mock')).names).toContain('startMockRelay')
  })

  test('the engine and every layer below it import in plain Node with no DOM, no React and no server dependency', async () => {
    const app = plainApp(work, 'engine-app', tarballs, ['@pairwise/engine'], cache)
    await app.install()
    expect(existsSync(join(app.folder, 'node_modules/react'))).toBe(false)
    expect(installedNames(app.folder).filter(isServerOnly)).toEqual([])
    for (const [specifier, names] of Object.entries(entries)) {
      const imported = await importIn(app.folder, specifier)
      expect(imported.error, specifier).toBeUndefined()
      expect(imported.names, specifier).toEqual(expect.arrayContaining([...names]))
    }
    // The pure-JavaScript primitives need the optional peer, and run on the 1.9 that viem pins.
    expect(await importIn(app.folder, '@pairwise/crypto/noble')).toEqual({ error: 'ERR_MODULE_NOT_FOUND' })
    await app.install('@noble/curves@1.9.1')
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', nobleKeyAgreement], {
      cwd: app.folder,
    })
    expect(JSON.parse(stdout)).toEqual({ agreed: true, jwtIssuer: true })
  })

  test('the headless modal runs in Node without React; its React entry needs only its optional peer', async () => {
    const app = plainApp(work, 'modal-app', tarballs, ['@pairwise/modal'], cache)
    await app.install()
    for (const peer of ['react', 'react-dom', 'wagmi', 'mock-socket'])
      expect((await importIn(app.folder, peer)).error, peer).toBe('ERR_MODULE_NOT_FOUND')
    expect(installedNames(app.folder).filter(isServerOnly)).toEqual([])
    const headless = await importIn(app.folder, '@pairwise/modal')
    expect(headless.error).toBeUndefined()
    expect(headless.names).toEqual(expect.arrayContaining(['createAppKit', 'AppKit', 'Eip155Adapter']))
    expect(headless.names).not.toContain('useAppKit')
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', headlessKit], {
      cwd: app.folder,
    })
    expect(JSON.parse(stdout)).toEqual({ core: true, network: 'eip155:1' })
    expect(await importIn(app.folder, '@pairwise/modal/react')).toEqual({ error: 'ERR_MODULE_NOT_FOUND' })
    await app.install('react@19.3.1', 'react-dom@19.3.1')
    expect((await importIn(app.folder, '@pairwise/modal/react')).names).toEqual(
      expect.arrayContaining(['createAppKit', 'useAppKit', 'useAppKitAccount', 'AppKitButton', 'Analytics']),
    )
  })
})
