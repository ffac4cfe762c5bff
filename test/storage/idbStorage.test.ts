import { describe, expect, it } from 'vitest'
import { IdbStorage } from '../../storage/index.js'

describe('IdbStorage where IndexedDB is missing (server rendering, Node)', () => {
  it('can be constructed, and rejects each call with the reason instead', async () => {
    expect('indexedDB' in globalThis).toBe(false)
    const storage = new IdbStorage()
    await expect(storage.getKeys()).rejects.toThrow(/indexedDB/)
    await expect(storage.getItem('k')).rejects.toThrow(/indexedDB/)
  })
})
