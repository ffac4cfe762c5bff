import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as entry from '../../../modal/siwx/index.js'
import { staticSpecifiers } from '../../support/staticGraph.js'

const root = resolve(import.meta.dirname, '../../..')

describe('the @pairwise/modal/siwx entry', () => {
  it('exports the configs, the message format and parser, and the error', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'SIWX_STORAGE_KEY',
      'SiwxError',
      'SiwxMessageError',
      'formatSiwxMessage',
      'fromSiweConfig',
      'localSIWX',
      'parseSiwxMessage',
      'serverSIWX',
    ])
  })

  it("is in the modal package's exports under dist/siwx", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'modal/package.json'), 'utf8'))
    expect(pkg.exports['./siwx']).toEqual({
      'pairwise-source': './siwx/index.ts',
      types: './dist/siwx/index.d.ts',
      import: './dist/siwx/index.js',
    })
  })

  it('is loaded by no modal code outside modal/siwx: a page without @pairwise/modal/siwx loads none of it', () => {
    const reaching = readdirSync(join(root, 'modal'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.startsWith('siwx/'))
      .flatMap((name) =>
        staticSpecifiers(`modal/${name}`)
          .filter((specifier) => /(^|\/)siwx\/(index|localSIWX|serverSIWX|serverApi)\.js$/.test(specifier))
          .map((specifier) => `modal/${name} → ${specifier}`),
      )
    expect(reaching).toEqual([])
  })
})
