import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
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

// The second file cannot be made: its name is longer than any file system takes.
const failingMidway = [
  ['src/app.ts', 'one'],
  [`src/${'x'.repeat(300)}.ts`, 'two'],
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
    await expect(writeAllOrNothing(target, failingMidway)).rejects.toThrow('ENAMETOOLONG')
    expect(existsSync(parent)).toBe(false)
  })

  it('leaves a folder that was there before, and what it held, when a write fails midway', async () => {
    const target = folder({ exists: true })
    mkdirSync(join(target, 'src'))
    await expect(writeAllOrNothing(target, failingMidway)).rejects.toThrow('ENAMETOOLONG')
    expect(readdirSync(target)).toEqual(['src'])
    expect(readdirSync(join(target, 'src'))).toEqual([])
  })

  it('makes nothing, not even trying the folder, when aborted (Ctrl-C) before it starts', async () => {
    // A folder that cannot be made: the abort, not that failure, is what stops it.
    const blocker = join(folder({ exists: true }), 'file')
    writeFileSync(blocker, 'mine')
    const interrupt = new AbortController()
    interrupt.abort()
    const writing = writeAllOrNothing(join(blocker, 'app'), [['README.md', 'read me']], interrupt.signal)
    await expect(writing).rejects.toThrow('aborted')
  })

  it('refuses to write through a link that appeared where one of its folders goes, and names it', async () => {
    const target = folder({ exists: true })
    const elsewhere = folder({ exists: true })
    symlinkSync(elsewhere, join(target, 'src'))
    const writing = writeAllOrNothing(target, [
      ['README.md', 'read me'],
      ['src/main.ts', 'main'],
    ])
    await expect(writing).rejects.toThrow(TargetNotEmptyError)
    await expect(writing).rejects.toThrow(`${join(target, 'src')} appeared while the app was being written`)
    expect(readdirSync(elsewhere)).toEqual([])
    expect(readdirSync(target)).toEqual(['src'])
  })

  it('refuses a file that appeared where one of its folders goes with the refusal that names it', async () => {
    const target = folder({ exists: true })
    writeFileSync(join(target, 'src'), 'mine')
    const writing = writeAllOrNothing(target, [['src/main.ts', 'main']])
    await expect(writing).rejects.toThrow(`${join(target, 'src')} appeared while the app was being written`)
    expect(readFileSync(join(target, 'src'), 'utf8')).toBe('mine')
  })

  it('refuses a file that appeared where the target goes with the refusal that names it', async () => {
    const target = folder({ exists: false })
    writeFileSync(target, 'mine')
    const writing = writeAllOrNothing(target, [['README.md', 'read me']])
    await expect(writing).rejects.toThrow(`${target} exists and is not a folder`)
    expect(readFileSync(target, 'utf8')).toBe('mine')
  })

  it('refuses a link that leads nowhere where the target goes with the refusal that names it', async () => {
    const target = folder({ exists: false })
    symlinkSync(join(work, 'nowhere'), target)
    const writing = writeAllOrNothing(target, [['README.md', 'read me']])
    await expect(writing).rejects.toThrow(new TargetNotEmptyError(`${target} exists and is not a folder`))
  })

  it('writes into a target that is a link to an empty folder, the place its user chose for the app', async () => {
    const elsewhere = folder({ exists: true })
    const target = folder({ exists: false })
    symlinkSync(elsewhere, target)
    await writeAllOrNothing(target, [['src/main.ts', 'main']])
    expect(readFileSync(join(elsewhere, 'src/main.ts'), 'utf8')).toBe('main')
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
