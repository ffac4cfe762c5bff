import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as entry from '../../../modal/siwx/index.js'

const root = resolve(import.meta.dirname, '../../..')

/** Every `import … from` / `export … from` of a file that loads code (type-only imports are erased). */
function staticImports(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(import|export)\s+(?!type\s)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/g)].map(
    (match) => match[2] as string,
  )
}

describe('the pairwise/siwx entry', () => {
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

  it('is in package.json exports under dist/modal/siwx', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    expect(pkg.exports['./siwx']).toEqual({
      types: './dist/modal/siwx/index.d.ts',
      import: './dist/modal/siwx/index.js',
    })
  })

  it('is loaded by no modal code outside modal/siwx: a page without pairwise/siwx loads none of it', () => {
    const reaching = readdirSync(join(root, 'modal'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.startsWith('siwx/'))
      .flatMap((name) =>
        staticImports(readFileSync(join(root, 'modal', name), 'utf8'))
          .filter((specifier) => /(^|\/)siwx\/(index|localSIWX|serverSIWX|serverApi)\.js$/.test(specifier))
          .map((specifier) => `modal/${name} → ${specifier}`),
      )
    expect(reaching).toEqual([])
  })
})
