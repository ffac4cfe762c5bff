import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { privateDir } from '../../../services/relay/privateFiles.js'

const root = mkdtempSync(join(tmpdir(), 'pairwise-private-dir-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('a data folder is its owner only', () => {
  it('makes a missing folder 0700 and narrows an existing one to 0700', () => {
    const made = join(root, 'made', 'data')
    privateDir(made)
    expect(statSync(made).mode & 0o777).toBe(0o700)
    const open = join(root, 'open')
    mkdirSync(open, { mode: 0o755 })
    privateDir(open)
    expect(statSync(open).mode & 0o777).toBe(0o700)
  })

  it('refuses a shared folder (sticky bit) rather than closing it to everyone else', () => {
    const shared = join(root, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o1777)
    expect(() => privateDir(shared)).toThrow(`${shared} is a shared folder (sticky bit)`)
  })

  it.runIf(process.getuid?.() === 0)(
    'refuses a folder another user owns, whose owner could plant links where keys are written',
    () => {
      const foreign = join(root, 'foreign')
      mkdirSync(foreign, { mode: 0o755 })
      chownSync(foreign, 65534, 65534)
      expect(() => privateDir(foreign)).toThrow(
        `${foreign}: owned by user 65534, not by this process's user 0; chown it`,
      )
      expect(statSync(foreign).mode & 0o777).toBe(0o755)
    },
  )
})
