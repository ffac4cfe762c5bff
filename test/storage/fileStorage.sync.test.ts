import { mkdtempSync, rmSync } from 'node:fs'
import type * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { FileStorage } from '../../storage/node.js'

// Every open handle's sync and every rename, in order, by file name.
const events: string[] = []
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>()
  return {
    ...actual,
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await actual.open(...args)
      const sync = handle.sync.bind(handle)
      handle.sync = async () => {
        events.push(`sync ${basename(String(args[0]))}`)
        return sync()
      }
      return handle
    },
    rename: async (from: string, to: string) => {
      events.push(`rename ${basename(from)} -> ${basename(to)}`)
      return actual.rename(from, to)
    },
    rm: async (...args: Parameters<typeof fs.rm>) => {
      events.push(`rm ${basename(String(args[0]))}`)
      return actual.rm(...args)
    },
  }
})

const directory = mkdtempSync(join(tmpdir(), 'pairwise-filesync-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describe('FileStorage durability', () => {
  it('flushes the temporary file before renaming it, then flushes the folder', async () => {
    const storage = new FileStorage({ directory })
    await storage.getKeys()
    events.length = 0
    await storage.setItem('k', { v: 1 })
    expect(events).toEqual([
      expect.stringMatching(/^sync k\.json\.[0-9a-f]{12}\.tmp$/),
      expect.stringMatching(/^rename k\.json\.[0-9a-f]{12}\.tmp -> k\.json$/),
      `sync ${basename(directory)}`,
    ])
  })

  it('flushes the folder after a removal', async () => {
    const storage = new FileStorage({ directory })
    await storage.setItem('gone', 1)
    events.length = 0
    await storage.removeItem('gone')
    expect(events).toEqual(['rm gone.json', `sync ${basename(directory)}`])
  })
})
