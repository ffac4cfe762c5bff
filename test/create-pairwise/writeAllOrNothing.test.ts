import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TargetNotEmptyError, writeAllOrNothing } from '../../create-pairwise/writeAllOrNothing.js'

const work = mkdtempSync(join(tmpdir(), 'create-pairwise-write-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
let made = 0
/** A folder of its own for each test, made (empty) or not. */
function folder(options: { exists: boolean }): string {
  const path = join(work, String(made++))
  if (options.exists) mkdirSync(path)
  return path
}

// The second file cannot be made: its folder would be the first file.
const failingMidway = [
  ['src/app.ts', 'one'],
  ['src/app.ts/main.ts', 'two'],
] as const

describe('create-pairwise: writing the app all or nothing', () => {
  it('writes every file, in the folders they need', async () => {
    const target = folder({ exists: false })
    await writeAllOrNothing(target, [
      ['README.md', 'read me'],
      ['src/pairwise/stack.ts', 'stack'],
    ])
    expect(readFileSync(join(target, 'README.md'), 'utf8')).toBe('read me')
    expect(readFileSync(join(target, 'src/pairwise/stack.ts'), 'utf8')).toBe('stack')
  })

  it('never writes over a file that appeared after the folder was found empty, and names it', async () => {
    const target = folder({ exists: true })
    writeFileSync(join(target, 'README.md'), 'mine')
    const writing = writeAllOrNothing(target, [
      ['index.html', 'page'],
      ['README.md', 'theirs'],
      ['vite.config.ts', 'config'],
    ])
    await expect(writing).rejects.toThrow(TargetNotEmptyError)
    await expect(writing).rejects.toThrow(
      `${join(target, 'README.md')} appeared while the app was being written`,
    )
    expect(readFileSync(join(target, 'README.md'), 'utf8')).toBe('mine')
    expect(readdirSync(target)).toEqual(['README.md'])
  })

  it('takes away the new folder, and the parents it made for it, when a write fails midway', async () => {
    const parent = folder({ exists: false })
    const target = join(parent, 'nested', 'app')
    await expect(writeAllOrNothing(target, failingMidway)).rejects.toThrow('ENOTDIR')
    expect(existsSync(parent)).toBe(false)
  })

  it('leaves a folder that was there before, and what it held, when a write fails midway', async () => {
    const target = folder({ exists: true })
    mkdirSync(join(target, 'src'))
    await expect(writeAllOrNothing(target, failingMidway)).rejects.toThrow('ENOTDIR')
    expect(readdirSync(target)).toEqual(['src'])
    expect(readdirSync(join(target, 'src'))).toEqual([])
  })

  it('takes away what it wrote when it is aborted (Ctrl-C) midway', async () => {
    const target = folder({ exists: false })
    const interrupt = new AbortController()
    function* files(): Generator<readonly [string, string]> {
      yield ['README.md', 'read me']
      yield ['src/main.ts', 'main']
      interrupt.abort()
      yield ['src/App.tsx', 'app']
    }
    await expect(writeAllOrNothing(target, files(), interrupt.signal)).rejects.toThrow('aborted')
    expect(existsSync(target)).toBe(false)
  })
})
