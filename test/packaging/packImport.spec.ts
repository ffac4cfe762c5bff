import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { packPackage } from './stacks.js'

const run = promisify(execFile)

/** What each entry must export when imported by package name in plain Node (no DOM, no React). */
const entries = {
  '@pairwise/crypto': ['platformClientCrypto', 'keccak256', 'recoverPublicKey'],
  '@pairwise/crypto/noble': ['nobleCrypto'],
  '@pairwise/storage': ['MemoryStorage'],
  '@pairwise/storage/node': ['FileStorage'],
  '@pairwise/relay': ['RelayClient'],
  'pairwise/relay': ['startRelay', 'silentLogger'],
  '@pairwise/engine': ['SignClient', 'UniversalProvider'],
} as const

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

test.describe.configure({ timeout: 240_000 })

test('the packed package installs alone and every non-React entry imports in Node, the headless modal without React; the mock relay and the React entry need only their optional peers', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'pairwise-pack-import-'))
  const cache = join(tmpdir(), 'pairwise-packaging-npm-cache')
  mkdirSync(cache, { recursive: true })
  try {
    const tarball = await packPackage(folder)
    writeFileSync(
      join(folder, 'package.json'),
      `${JSON.stringify({ name: 'plain-node-app', private: true, type: 'module', dependencies: { pairwise: `file:${tarball}` } }, null, 2)}\n`,
    )
    const install = (...extra: string[]) =>
      run(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--ignore-scripts',
          '--cache',
          cache,
          ...extra,
        ],
        { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
      )
    await install()

    // Optional peers are not installed for the app: no React, no wagmi, no mock-socket.
    for (const peer of ['react', 'react-dom', 'wagmi', 'mock-socket'])
      expect((await importIn(folder, peer)).error, peer).toBe('ERR_MODULE_NOT_FOUND')
    for (const [specifier, names] of Object.entries(entries)) {
      const imported = await importIn(folder, specifier)
      expect(imported.error, specifier).toBeUndefined()
      expect(imported.names, specifier).toEqual(expect.arrayContaining([...names]))
    }
    // The headless modal imports and runs without React; its React entry asks for React.
    const headless = await importIn(folder, '@pairwise/modal')
    expect(headless.error).toBeUndefined()
    expect(headless.names).toEqual(expect.arrayContaining(['createAppKit', 'AppKit', 'Eip155Adapter']))
    expect(headless.names).not.toContain('useAppKit')
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', headlessKit], {
      cwd: folder,
    })
    expect(JSON.parse(stdout)).toEqual({ core: true, network: 'eip155:1' })
    expect(await importIn(folder, '@pairwise/modal/react')).toEqual({ error: 'ERR_MODULE_NOT_FOUND' })
    // The relay entry does not drag the mock in; its own entry asks for mock-socket, then works with it.
    expect((await importIn(folder, '@pairwise/relay')).names).not.toContain('startMockRelay')
    expect(await importIn(folder, '@pairwise/relay/mock')).toEqual({ error: 'ERR_MODULE_NOT_FOUND' })
    await install('mock-socket@9.3.1')
    expect((await importIn(folder, '@pairwise/relay/mock')).names).toContain('startMockRelay')
    await install('react@19.3.1', 'react-dom@19.3.1')
    expect((await importIn(folder, '@pairwise/modal/react')).names).toEqual(
      expect.arrayContaining(['createAppKit', 'useAppKit', 'useAppKitAccount', 'AppKitButton', 'Analytics']),
    )
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
