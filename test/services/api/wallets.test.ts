import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'
import { loadRegistry } from '../../../modal/wallets/loadRegistry.js'
import type { ApiLogger, RouteDeps } from '../../../services/api/http/types.js'
import {
  defaultRegistryFile,
  MAX_ICON_BYTES,
  MAX_REGISTRY_WALLETS,
  parseRegistryFile,
  walletRegistryRoutes,
} from '../../../services/api/wallets/index.js'
import { appWith, routeDeps } from './support/routeHarness.js'

const base = 'http://api.test'
let dir: string
let deps: RouteDeps
let warn: Mock<ApiLogger['warn']>

/** A copy of the shipped registry and icons the test may edit. */
function operatorFiles(): { registryFile: string; iconsDir: string } {
  cpSync(join(defaultRegistryFile(), '..'), dir, { recursive: true })
  return { registryFile: join(dir, 'registry.json'), iconsDir: join(dir, 'icons') }
}

/** Writes the registry file and moves its mtime, as an operator's later edit would. */
function edit(file: string, content: unknown, second: number): void {
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  utimesSync(file, second, second)
}

const list = async (app: Hono, url = `${base}/v1/wallets`) => (await app.request(url)).json()

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wallets-'))
  warn = vi.fn<ApiLogger['warn']>()
  deps = { ...(await routeDeps({ now: 0 })), logger: { info() {}, warn, error() {} } }
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the wallet registry', () => {
  it("serves the shipped list, which the modal's own loader accepts whole, icons included", async () => {
    const app = appWith(walletRegistryRoutes({ ...deps, publicUrl: 'https://api.example.com/' }))
    const report = vi.fn()
    const fetcher = ((input: string) => app.request(input)) as typeof fetch
    const wallets = await loadRegistry('https://api.example.com/v1/wallets', fetcher, report)
    expect(report).not.toHaveBeenCalled()
    expect(wallets.map((w) => w.id)).toEqual((await list(app)).map((w: { id: string }) => w.id))
    expect(wallets[0]).toEqual({
      id: 'pairwise-test-wallet',
      name: 'Pairwise Test Wallet',
      rdns: 'dev.pairwise.testwallet',
      imageUrl: 'https://api.example.com/v1/wallets/icons/pairwise-test-wallet.svg',
    })
    expect(wallets.length).toBeGreaterThan(3)
    for (const wallet of wallets)
      expect(wallet.imageUrl).toMatch(/^https:\/\/api\.example\.com\/v1\/wallets\/icons\//)
  })

  it('the modal keeps icons a loopback api serves over http (its own origin), and no other http icon', async () => {
    const app = appWith(walletRegistryRoutes(deps))
    const registryUrl = 'http://127.0.0.1:8788/v1/wallets'
    const fetcher = (async (input: string) => {
      const answer = await app.request(input)
      const wallets = (await answer.json()) as { id: string; imageUrl?: string }[]
      // One icon pointing at another http host, as a tampered list might.
      return Response.json([
        { ...wallets[1], id: 'tampered', imageUrl: 'http://127.0.0.1:9999/track.svg' },
        ...wallets,
      ])
    }) as typeof fetch
    const report = vi.fn()
    const [tampered, first] = await loadRegistry(registryUrl, fetcher, report)
    expect(first?.imageUrl).toBe('http://127.0.0.1:8788/v1/wallets/icons/pairwise-test-wallet.svg')
    expect(tampered?.imageUrl).toBeUndefined()
    expect(report).toHaveBeenCalledOnce()
  })

  it('builds icon URLs from the request when no public URL is configured, keeping a path prefix when one is', async () => {
    const direct = appWith(walletRegistryRoutes(deps))
    const [first] = await list(direct, 'http://127.0.0.1:8788/v1/wallets')
    expect(first.imageUrl).toBe('http://127.0.0.1:8788/v1/wallets/icons/pairwise-test-wallet.svg')
    const proxied = appWith(walletRegistryRoutes({ ...deps, publicUrl: 'https://example.com/api/' }))
    expect((await list(proxied))[0].imageUrl).toBe(
      'https://example.com/api/v1/wallets/icons/pairwise-test-wallet.svg',
    )
  })

  it('answers with an ETag, 304 when it still matches, and is readable from any origin', async () => {
    const app = appWith(walletRegistryRoutes(deps))
    const first = await app.request(`${base}/v1/wallets`, { headers: { Origin: 'https://dapp.example' } })
    expect(first.headers.get('access-control-allow-origin')).toBe('*')
    expect(first.headers.get('content-type')).toBe('application/json')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    const again = await app.request(`${base}/v1/wallets`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('makes each answer once per version of the file and base, not per request, 304s included', async () => {
    const { registryFile, iconsDir } = operatorFiles()
    const app = appWith(walletRegistryRoutes({ ...deps, registryFile, iconsDir }))
    const serialised = vi.spyOn(JSON, 'stringify')
    const listsMade = () => serialised.mock.calls.filter(([value]) => Array.isArray(value)).length
    try {
      const etag = (await app.request(`${base}/v1/wallets`)).headers.get('etag') ?? ''
      for (let i = 0; i < 20; i++)
        expect((await app.request(`${base}/v1/wallets`, { headers: { 'If-None-Match': etag } })).status).toBe(
          304,
        )
      expect(listsMade()).toBe(1)
      expect((await list(app, 'http://other.test/v1/wallets'))[0].imageUrl).toMatch(/^http:\/\/other\.test\//)
      expect(listsMade()).toBe(2)
      edit(registryFile, { wallets: [{ id: 'ours', name: 'Our Wallet' }] }, 1_000)
      expect(await list(app)).toEqual([{ id: 'ours', name: 'Our Wallet' }])
      expect(listsMade()).toBe(3)
    } finally {
      serialised.mockRestore()
    }
  })

  it('re-reads the file when it changes; an invalid edit keeps the last good list and is logged', async () => {
    const { registryFile, iconsDir } = operatorFiles()
    const app = appWith(walletRegistryRoutes({ ...deps, registryFile, iconsDir }))
    const ours = { id: 'ours', name: 'Our Wallet', icon: 'metamask.svg', homepage: 'https://ours.example' }
    edit(registryFile, { wallets: [ours] }, 1_000)
    expect(await list(app)).toEqual([
      {
        id: 'ours',
        name: 'Our Wallet',
        homepage: 'https://ours.example',
        imageUrl: `${base}/v1/wallets/icons/metamask.svg`,
      },
    ])
    const invalidEdits: [unknown, string][] = [
      ['{ "wallets": [', 'not valid JSON'],
      [{ wallets: [{ ...ours, homepage: 'http://ours.example' }] }, 'wallets.0.homepage'],
      [{ wallets: [{ ...ours, icon: 'gone.svg' }] }, 'gone.svg is missing'],
      [{ wallets: [{ ...ours, icon: '../registry.json' }] }, 'wallets.0.icon'],
      [{ wallets: [ours, ours] }, 'wallet ids must be unique'],
      [{ wallets: [{ ...ours, colour: 'red' }] }, 'colour'],
      [
        { wallets: Array.from({ length: MAX_REGISTRY_WALLETS + 1 }, (_, i) => ({ id: `w${i}`, name: 'W' })) },
        'wallets',
      ],
    ]
    for (const [index, [content, reason]] of invalidEdits.entries()) {
      edit(registryFile, content, 2_000 + index)
      expect(await list(app)).toEqual([expect.objectContaining({ id: 'ours' })])
      expect(warn).toHaveBeenLastCalledWith(
        'config file invalid, keeping the last good version',
        expect.objectContaining({ path: registryFile, reason: expect.stringContaining(reason) }),
      )
    }
    expect(warn).toHaveBeenCalledTimes(invalidEdits.length)
    rmSync(registryFile)
    expect(await list(app)).toEqual([expect.objectContaining({ id: 'ours' })])
  })

  it('refuses links and deep links the modal would not open and names it would not show, so it never serves them', () => {
    const parse = parseRegistryFile(dir)
    const wallet = { id: 'w', name: 'W' }
    expect(parse({ wallets: [{ ...wallet, mobile: { native: 'metamask://' } }] })).toHaveLength(1)
    const refused: [unknown, string][] = [
      [{ ...wallet, mobile: { native: 'javascript://%0aalert(document.domain)' } }, 'mobile.native'],
      [{ ...wallet, mobile: { native: 'ms-msdt://id' } }, 'mobile.native'],
      [{ ...wallet, mobile: { native: 'intent://scan#Intent;scheme=zxing;end' } }, 'mobile.native'],
      [{ ...wallet, mobile: { native: 'file:///etc/passwd' } }, 'mobile.native'],
      [{ ...wallet, name: '   ' }, 'name'],
      [{ ...wallet, name: '\u202eksaMateM' }, 'name'],
      [{ ...wallet, name: 'Meta\u0000Mask' }, 'name'],
      [{ ...wallet, name: 'Meta\u200bMask' }, 'name'],
      [{ ...wallet, name: 'W'.repeat(65) }, 'name'],
      [{ ...wallet, homepage: 'https://wallet.example/\t' }, 'homepage'],
      [{ ...wallet, mobile: { universal: ' https://wallet.example' } }, 'mobile.universal'],
    ]
    for (const [entry, field] of refused)
      expect(() => parse({ wallets: [entry] }), JSON.stringify(entry)).toThrow(`wallets.0.${field}`)
  })

  it('refuses to start on an invalid registry file', () => {
    const { registryFile } = operatorFiles()
    edit(registryFile, { wallets: [{ id: 'x', name: 'X', icon: 'absent.svg' }] }, 1_000)
    expect(() => walletRegistryRoutes({ ...deps, registryFile })).toThrow('absent.svg is missing')
    expect(() => walletRegistryRoutes({ ...deps, registryFile: join(dir, 'none.json') })).toThrow()
  })
})

describe('the wallet icons', () => {
  it('are served with their content type, nosniff, a CSP no SVG can script through, and an ETag', async () => {
    const { registryFile, iconsDir } = operatorFiles()
    writeFileSync(join(iconsDir, 'raster.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
    writeFileSync(join(iconsDir, 'raster.webp'), 'RIFF')
    const app = appWith(walletRegistryRoutes({ ...deps, registryFile, iconsDir }))
    const svg = await app.request(`${base}/v1/wallets/icons/metamask.svg`)
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff')
    expect(svg.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(await svg.text()).toContain('<svg')
    expect((await app.request(`${base}/v1/wallets/icons/raster.png`)).headers.get('content-type')).toBe(
      'image/png',
    )
    expect((await app.request(`${base}/v1/wallets/icons/raster.webp`)).headers.get('content-type')).toBe(
      'image/webp',
    )
    const etag = svg.headers.get('etag') ?? ''
    const again = await app.request(`${base}/v1/wallets/icons/metamask.svg`, {
      headers: { 'If-None-Match': etag },
    })
    expect(again.status).toBe(304)
  })

  it('run an SVG opened as a page sandboxed: no form in it submits and nothing in it has the api’s origin', async () => {
    const { registryFile, iconsDir } = operatorFiles()
    writeFileSync(
      join(iconsDir, 'phish.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><form xmlns="http://www.w3.org/1999/xhtml" action="https://evil.example/"><input name="token"/></form></foreignObject></svg>',
    )
    const app = appWith(walletRegistryRoutes({ ...deps, registryFile, iconsDir }))
    const directives = (
      (await app.request(`${base}/v1/wallets/icons/phish.svg`)).headers.get('content-security-policy') ?? ''
    ).split(/;\s*/)
    expect(directives).toContain('sandbox')
    expect(directives).toContain("default-src 'none'")
    expect(directives.join(';')).not.toMatch(/allow-|script-src/)
  })

  it('refuse names that could leave the icons folder (400) and answer 404 for a missing or oversized one', async () => {
    const { registryFile, iconsDir } = operatorFiles()
    writeFileSync(join(iconsDir, 'huge.png'), new Uint8Array(MAX_ICON_BYTES + 1))
    const app = appWith(walletRegistryRoutes({ ...deps, registryFile, iconsDir }))
    for (const name of [
      '..%2Fregistry.json',
      '..%2F..%2Fpackage.json',
      'MetaMask.svg',
      'a.svg.png',
      'x.gif',
      '.svg',
    ]) {
      const response = await app.request(`${base}/v1/wallets/icons/${name}`)
      expect(response.status, name).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: expect.stringContaining('file:'),
      })
    }
    for (const name of ['absent.svg', 'huge.png']) {
      const response = await app.request(`${base}/v1/wallets/icons/${name}`)
      expect(response.status, name).toBe(404)
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'icon not found' })
    }
  })
})
