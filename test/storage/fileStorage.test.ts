import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FileStorage } from '../../storage/node.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'pairwise-filestorage-'))
  folders.push(folder)
  return folder
}
const modeOf = (path: string) => statSync(path).mode & 0o777
const fileOf = (directory: string, key: string) => join(directory, `${encodeURIComponent(key)}.json`)

describe('FileStorage permissions', () => {
  it('creates files 0600 and the folder it makes 0700, whatever the umask', async () => {
    const directory = join(tempFolder(), 'nested', 'keys')
    const previous = process.umask(0o000)
    try {
      const storage = new FileStorage({ directory })
      await storage.setItem('wc@2:core:0.3:keychain/k', { tag: 'k', key: 'ab' })
      expect(modeOf(directory)).toBe(0o700)
      expect(modeOf(fileOf(directory, 'wc@2:core:0.3:keychain/k'))).toBe(0o600)
    } finally {
      process.umask(previous)
    }
  })

  it('makes a folder that was there, open to others, owner-only at start, so nobody else lists which keys exist', async () => {
    const directory = tempFolder()
    chmodSync(directory, 0o755)
    const storage = new FileStorage({ directory })
    await storage.getKeys()
    expect(modeOf(directory)).toBe(0o700)
  })

  it('makes files an earlier version left readable to others owner-only at start', async () => {
    const directory = tempFolder()
    writeFileSync(fileOf(directory, 'old'), '1')
    chmodSync(fileOf(directory, 'old'), 0o644)
    const storage = new FileStorage({ directory })
    expect(await storage.getItem('old')).toBe(1)
    expect(modeOf(fileOf(directory, 'old'))).toBe(0o600)
  })

  it('reports a file it cannot make owner-only at start instead of refusing every read and write', async () => {
    const directory = tempFolder()
    // A link to nowhere: chmod follows it and fails, as it would on a file another user owns.
    symlinkSync(join(directory, 'nowhere'), join(directory, 'dangling.json'))
    const problems: unknown[] = []
    const storage = new FileStorage({ directory, onProblem: (p) => problems.push(p) })
    await storage.setItem('k', 1)
    expect(await storage.getItem('k')).toBe(1)
    expect(problems).toEqual([
      { key: 'dangling.json', reason: expect.stringMatching(/^could not be made owner-only: ENOENT/) },
    ])
  })
})

describe('FileStorage temporary files', () => {
  it('removes its temporary file when a write fails, and reports the failure to the caller', async () => {
    const directory = tempFolder()
    const storage = new FileStorage({ directory })
    await storage.setItem('fine', 1)
    // A non-empty folder where the value's file belongs: the rename into place fails.
    mkdirSync(fileOf(directory, 'blocked'))
    writeFileSync(join(fileOf(directory, 'blocked'), 'inside'), '')
    await expect(storage.setItem('blocked', 2)).rejects.toThrow()
    expect(readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(await storage.getItem('fine')).toBe(1)
  })

  it('reports a leftover it cannot remove at start instead of refusing every read and write', async () => {
    const directory = tempFolder()
    writeFileSync(fileOf(directory, 'k'), '"kept"')
    // A folder in the leftover's place: rm refuses it, as it would any file on a read-only volume.
    mkdirSync(`${fileOf(directory, 'k')}.0a1b2c3d4e5f.tmp`)
    const problems: unknown[] = []
    const storage = new FileStorage({ directory, onProblem: (p) => problems.push(p) })
    expect(await storage.getItem('k')).toBe('kept')
    await storage.setItem('k', 'new')
    expect(await storage.getItem('k')).toBe('new')
    expect(problems).toEqual([
      {
        key: 'k.json.0a1b2c3d4e5f.tmp',
        reason: expect.stringMatching(/^the leftover temporary file could not be removed: /),
      },
    ])
  })

  it('removes the temporary files of a crashed earlier run at start, and nothing else', async () => {
    const directory = tempFolder()
    writeFileSync(fileOf(directory, 'k'), '"kept"')
    writeFileSync(`${fileOf(directory, 'k')}.0a1b2c3d4e5f.tmp`, '"half')
    writeFileSync(`${fileOf(directory, 'other')}.ffffffffffff.tmp`, '')
    writeFileSync(join(directory, 'notes.tmp'), 'not ours')
    const storage = new FileStorage({ directory })
    expect(await storage.getItem('k')).toBe('kept')
    expect(readdirSync(directory).sort()).toEqual([`${encodeURIComponent('k')}.json`, 'notes.tmp'])
  })
})
