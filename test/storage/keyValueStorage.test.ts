import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type KeyValueStorage, MemoryStorage } from '../../storage/index.js'
import { FileStorage } from '../../storage/node.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'pairwise-storage-'))
  folders.push(folder)
  return folder
}

const adapters: [string, () => KeyValueStorage][] = [
  ['MemoryStorage', () => new MemoryStorage()],
  ['FileStorage', () => new FileStorage({ directory: join(tempFolder(), 'nested', 'store') })],
]

describe.each(adapters)('%s', (_name, make) => {
  it('reads back what it stored, as JSON', async () => {
    const storage = make()
    await storage.setItem('wc@2:client:0.3:session', [{ topic: 'a', expiry: 1 }])
    expect(await storage.getItem('wc@2:client:0.3:session')).toEqual([{ topic: 'a', expiry: 1 }])
    expect(await storage.getItem('missing')).toBeUndefined()
  })

  it('lists keys and entries, and forgets removed keys', async () => {
    const storage = make()
    await storage.setItem('a', 1)
    await storage.setItem('b/c:d', { x: true })
    expect((await storage.getKeys()).sort()).toEqual(['a', 'b/c:d'])
    expect((await storage.getEntries()).sort()).toEqual([
      ['a', 1],
      ['b/c:d', { x: true }],
    ])
    await storage.removeItem('a')
    await storage.removeItem('never-there')
    expect(await storage.getKeys()).toEqual(['b/c:d'])
  })

  it('keeps a copy: mutating a value after storing it changes nothing stored', async () => {
    const storage = make()
    const value = { list: [1] }
    await storage.setItem('k', value)
    value.list.push(2)
    const read = await storage.getItem<{ list: number[] }>('k')
    read?.list.push(3)
    expect(await storage.getItem('k')).toEqual({ list: [1] })
  })

  it('refuses a value JSON cannot hold, with a clear error, and keeps the old one', async () => {
    const storage = make()
    await storage.setItem('k', 'old')
    await expect(storage.setItem('k', () => 1)).rejects.toThrow(/not JSON-serialisable/)
    await expect(storage.setItem('k', { n: 1n })).rejects.toThrow(/not JSON-serialisable/)
    await expect(storage.setItem('k', undefined)).rejects.toThrow(/not JSON-serialisable/)
    expect(await storage.getItem('k')).toBe('old')
  })

  it('lists and reads a write or removal issued before, even one not yet settled', async () => {
    const storage = make()
    const written = storage.setItem('k', 1)
    expect(await storage.getKeys()).toEqual(['k'])
    expect(await storage.getEntries()).toEqual([['k', 1]])
    await written
    const removed = storage.removeItem('k')
    expect(await storage.getKeys()).toEqual([])
    await removed
  })

  it('reads a key too long for a file name as absent, and removes it as a no-op', async () => {
    const storage = make()
    const long = `wc@2:client:0.3:session/${'é'.repeat(200)}`
    expect(await storage.getItem(long)).toBeUndefined()
    await storage.removeItem(long)
    expect(await storage.getKeys()).toEqual([])
  })

  it('applies writes to one key in call order', async () => {
    const storage = make()
    await Promise.all(Array.from({ length: 20 }, (_, i) => storage.setItem('k', i)))
    expect(await storage.getItem('k')).toBe(19)
  })
})

describe('FileStorage on disk', () => {
  it('survives a new instance over the same folder', async () => {
    const directory = tempFolder()
    await new FileStorage({ directory }).setItem('wc@2:core:0.3:keychain', [{ tag: 't', key: 'k' }])
    expect(await new FileStorage({ directory }).getItem('wc@2:core:0.3:keychain')).toEqual([
      { tag: 't', key: 'k' },
    ])
  })

  it('reports a file that is not JSON and reads it as absent', async () => {
    const directory = tempFolder()
    const { writeFileSync } = await import('node:fs')
    writeFileSync(join(directory, `${encodeURIComponent('broken')}.json`), '{"half":')
    const problems: unknown[] = []
    const storage = new FileStorage({ directory, onProblem: (p) => problems.push(p) })
    expect(await storage.getItem('broken')).toBeUndefined()
    expect(await storage.getEntries()).toEqual([])
    expect(problems).toContainEqual({ key: 'broken', reason: 'the file is not valid JSON' })
  })

  it('skips and reports a file whose name is no encoded key, and still lists the others', async () => {
    const directory = tempFolder()
    const { writeFileSync } = await import('node:fs')
    // decodeURIComponent throws on a lone '%': the name of no key this storage ever wrote.
    writeFileSync(join(directory, 'stray%.json'), '1')
    const problems: unknown[] = []
    const storage = new FileStorage({ directory, onProblem: (p) => problems.push(p) })
    await storage.setItem('wc@2:client:0.3:session/t', { topic: 't' })
    expect(await storage.getKeys()).toEqual(['wc@2:client:0.3:session/t'])
    expect(await storage.getEntries()).toEqual([['wc@2:client:0.3:session/t', { topic: 't' }]])
    expect(problems).toContainEqual({ key: 'stray%.json', reason: 'the file name is not an encoded key' })
  })

  it('keeps keys with path separators or dots inside its folder', async () => {
    const parent = tempFolder()
    const directory = join(parent, 'store')
    const { readdirSync } = await import('node:fs')
    const storage = new FileStorage({ directory })
    const keys = ['..', '.', '../escape', '/etc/passwd', 'a\\..\\b', '']
    for (const [index, key] of keys.entries()) await storage.setItem(key, index)
    expect(readdirSync(parent)).toEqual(['store'])
    expect((await storage.getKeys()).sort()).toEqual([...keys].sort())
    for (const [index, key] of keys.entries()) expect(await storage.getItem(key)).toBe(index)
  })

  it('refuses a key too long for a file name with an error that names the cause', async () => {
    const storage = new FileStorage({ directory: tempFolder() })
    await expect(storage.setItem('é'.repeat(200), 1)).rejects.toThrow(
      expect.objectContaining({
        name: 'RangeError',
        message: expect.stringMatching(/too long for a file name/),
      }),
    )
  })

  it('skips and reports a file name that is not how its key is written, so no key is listed twice', async () => {
    const directory = tempFolder()
    const { writeFileSync } = await import('node:fs')
    const problems: unknown[] = []
    const storage = new FileStorage({ directory, onProblem: (p) => problems.push(p) })
    await storage.setItem('a', 1)
    // Both decode to a key this storage keeps under another name: listed, they would read as absent.
    writeFileSync(join(directory, '%61.json'), '2')
    writeFileSync(join(directory, 'b%2fc.json'), '3')
    expect(await storage.getKeys()).toEqual(['a'])
    expect(problems).toHaveLength(2)
    expect(problems).toContainEqual({ key: '%61.json', reason: 'the file name is not an encoded key' })
    expect(problems).toContainEqual({ key: 'b%2fc.json', reason: 'the file name is not an encoded key' })
    expect(await storage.getEntries()).toEqual([['a', 1]])
  })

  it('leaves no temporary files behind', async () => {
    const directory = tempFolder()
    const { readdirSync } = await import('node:fs')
    const storage = new FileStorage({ directory })
    await Promise.all(Array.from({ length: 10 }, (_, i) => storage.setItem(`k${i % 3}`, i)))
    expect((await storage.getKeys()).sort()).toEqual(['k0', 'k1', 'k2'])
    expect(readdirSync(directory).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})
