import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiModuleOptions } from '../../../services/api/apiModuleOptions.js'
import { startApi } from '../../../services/api/index.js'
import { withModulePublicUrls } from '../../../services/api/modulePublicUrls.js'

const silent = { debug() {}, info() {}, warn() {}, error() {} }

describe("the api's public URL (--public-url)", () => {
  const folders: string[] = []
  const closing: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of closing.splice(0)) await close()
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })

  it('is the base of the wallet icons the api hands browsers, its path prefix kept, whatever Host the request names', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pairwise-public-url-'))
    folders.push(folder)
    const api = await startApi({
      port: 0,
      database: join(folder, 'api.db'),
      logger: silent,
      indexer: false,
      publicUrl: 'https://wallets.example/pw/',
    })
    closing.push(() => api.close())
    const wallets = (await (await fetch(`${api.url}/v1/wallets`)).json()) as { imageUrl?: string }[]
    const icons = wallets.flatMap((wallet) => (wallet.imageUrl ? [wallet.imageUrl] : []))
    expect(icons.length).toBeGreaterThan(0)
    for (const icon of icons) expect(icon).toMatch(/^https:\/\/wallets\.example\/pw\/v1\/wallets\/icons\//)
  })

  it("is each module's public URL where the module names none of its own, and not where it does", () => {
    const given = withModulePublicUrls<ApiModuleOptions>({ onramp: {} }, 'https://api.example/')
    expect(given.walletRegistry?.publicUrl).toBe('https://api.example/')
    expect(given.siwx?.publicUrl).toBe('https://api.example/')
    expect(given.onramp?.publicUrl).toBe('https://api.example/')
    const own = withModulePublicUrls<ApiModuleOptions>(
      {
        walletRegistry: { publicUrl: 'https://cdn.example/' },
        siwx: { publicUrl: 'https://login.example/' },
      },
      'https://api.example/',
    )
    expect(own.walletRegistry?.publicUrl).toBe('https://cdn.example/')
    expect(own.siwx?.publicUrl).toBe('https://login.example/')
    expect(own.onramp).toBeUndefined()
    expect(withModulePublicUrls({}, undefined)).toEqual({})
  })
})
