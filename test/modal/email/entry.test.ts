import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OptionsError, resolveOptions } from '../../../modal/controllers/options.js'
import * as entry from '../../../modal/email/index.js'
import { dynamicSpecifiers, staticSpecifiers } from '../../support/staticGraph.js'
import { evmNetwork } from '../support/kit.js'

const root = resolve(import.meta.dirname, '../../..')

/** Modules outside `email/` and `embedded/` that load code from either, directly or by `import()`. */
function reachingEmbeddedCode(): string[] {
  return readdirSync(join(root, 'modal'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/^(email|embedded|dist)\//.test(name))
    .flatMap((name) =>
      [...staticSpecifiers(`modal/${name}`), ...dynamicSpecifiers(`modal/${name}`)]
        .filter((specifier) => /(^|\/)(email|embedded)\//.test(specifier))
        .map((specifier) => `modal/${name} → ${specifier}`),
    )
}

describe('the @pairwise/modal/email entry', () => {
  it('exports emailLogin alone', () => {
    expect(Object.keys(entry)).toEqual(['emailLogin'])
  })

  it("is in the modal package's exports under dist/email", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'modal/package.json'), 'utf8'))
    expect(pkg.exports['./email']).toEqual({
      'pairwise-source': './email/index.ts',
      types: './dist/email/index.d.ts',
      import: './dist/email/index.js',
    })
  })

  it('is the only way in: no modal code outside modal/email and modal/embedded loads either, so a page without @pairwise/modal/email carries none of the embedded wallet', () => {
    expect(reachingEmbeddedCode()).toEqual([])
  })

  it('is what createAppKit takes as embeddedWallet; anything else there is refused with the options error', () => {
    const networks = [evmNetwork(31337, 'http://127.0.0.1:8545')]
    const plugin = entry.emailLogin({ authUrl: 'http://127.0.0.1:8789' })
    expect(resolveOptions({ networks, embeddedWallet: plugin }).embeddedWallet).toBe(plugin)
    expect(() => resolveOptions({ networks, embeddedWallet: { kind: 'embeddedWallet' } })).toThrow(
      /^Invalid createAppKit options: embeddedWallet: /,
    )
  })

  it("refuses an authUrl that is not a URL with the options' error", () => {
    expect(() => entry.emailLogin({ authUrl: 'auth.example' })).toThrow(OptionsError)
    expect(() => entry.emailLogin({ authUrl: 'auth.example' })).toThrow(
      /^Invalid emailLogin options: authUrl: /,
    )
  })
})
