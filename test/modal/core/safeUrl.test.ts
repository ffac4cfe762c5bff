import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WalletConnectTransport } from '../../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../../modal/controllers/connection.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import {
  MAX_IMAGE_URL_LENGTH,
  MAX_LINK_LENGTH,
  type UrlUse,
  urlRefusal,
} from '../../../modal/core/safeUrl.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { walletConnectLink } from '../../../modal/wallets/deepLink.js'
import { loadRegistry } from '../../../modal/wallets/loadRegistry.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, bob, createKit, evmNetwork, injectedKit, unreachableRpcUrl } from '../support/kit.js'
import { loadLaterViews } from '../support/laterViews.js'
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

/** Schemes and spellings a hostile registry, extension or peer may try; none may become a link or image. */
const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'javascript\r:alert(1)',
  '\u00a0javascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  'https://ok.example/\u0000',
  'https://ok.example/ ',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://ok.example/0c5b6f0e-1111-4222-8333-444455556666',
  'http://wallet.example',
  'http://127.0.0.1:8080/',
  '//evil.example/wallet',
  '/relative/path',
  '%6Aavascript:alert(1)',
  'javascript%3Aalert(1)',
  '&#106;avascript:alert(1)',
  'https://metamask.io@evil.example/',
  'https://user:pass@wallet.example/',
  'ms-msdt:/id PCWDiagnostic',
  'intent://scan#Intent;scheme=zxing;end',
  'about:blank',
  'ftp://wallet.example/',
  '',
]

const uses: UrlUse[] = ['link', 'appLink', 'image']

describe('urlRefusal: what may become a link or an image', () => {
  it.each(hostile)('refuses %j for every use', (url) => {
    for (const use of uses) expect(urlRefusal(url, use), `${use} ${JSON.stringify(url)}`).toBeTypeOf('string')
  })

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, ['https://ok.example']])
      for (const use of uses) expect(urlRefusal(value, use)).toBe('not a URL')
  })

  it('accepts https: for every use, as given', () => {
    for (const url of [
      'https://metamask.io',
      'https://metamask.app.link/wc?uri=x',
      'HTTPS://Wallet.Example/a',
    ])
      for (const use of uses) expect(urlRefusal(url, use)).toBeUndefined()
  })

  it('accepts the listed app schemes only as deep links, and no other scheme', () => {
    expect(urlRefusal('metamask://', 'appLink')).toBeUndefined()
    expect(urlRefusal('okex://main', 'appLink')).toBeUndefined()
    expect(urlRefusal('argent://app/', 'appLink')).toBeUndefined()
    expect(urlRefusal('metamask://', 'link')).toMatch(/scheme metamask:/)
    expect(urlRefusal('metamask://', 'image')).toMatch(/scheme metamask:/)
    expect(urlRefusal('metamask:wc', 'appLink')).toMatch(/scheme metamask:/)
    expect(urlRefusal('nwallet://', 'appLink')).toMatch(/scheme nwallet:/)
    expect(urlRefusal('javascript://', 'appLink')).toMatch(/scheme javascript:/)
  })

  it('accepts data:image icons (svg+xml included: an <img> runs no script) and no other data:', () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`
    for (const url of [
      svg,
      'data:image/svg+xml;base64,PHN2Zy8+',
      'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg">\n<rect width="1"/></svg>',
      'data:image/png;base64,iVBORw0KGgo=',
      'DATA:IMAGE/WEBP;base64,UklGRg==',
    ])
      expect(urlRefusal(url, 'image'), url).toBeUndefined()
    expect(urlRefusal(svg, 'link')).toMatch(/scheme data:/)
    for (const url of [
      'data:image/svg+xmlx,<svg/>',
      'data:image,abc',
      ' data:image/png;base64,AA==',
      'data:,x',
    ])
      expect(urlRefusal(url, 'image'), url).toBeTypeOf('string')
  })

  it('caps the length: about 2 KB for links, 256 KiB for images', () => {
    const long = (n: number) => `https://ok.example/${'a'.repeat(n - 19)}`
    expect(long(MAX_LINK_LENGTH)).toHaveLength(MAX_LINK_LENGTH)
    expect(urlRefusal(long(MAX_LINK_LENGTH), 'link')).toBeUndefined()
    expect(urlRefusal(long(MAX_LINK_LENGTH + 1), 'link')).toBe('too long')
    const icon = (n: number) => `data:image/png;base64,${'A'.repeat(n - 22)}`
    expect(urlRefusal(icon(MAX_IMAGE_URL_LENGTH), 'image')).toBeUndefined()
    expect(urlRefusal(icon(MAX_IMAGE_URL_LENGTH + 1), 'image')).toBe('too long')
  })
})

describe('URLs from outside never reach an href or src unchecked', () => {
  let anvil: CaipNetwork
  beforeAll(async () => {
    anvil = evmNetwork(31337, await unreachableRpcUrl())
    await loadLaterViews()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const render = (kit: AppKit) =>
    renderToString(
      createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(ModalRoot)),
    )
  const answer = (body: unknown) => async () => new Response(JSON.stringify(body))

  it("a registry wallet keeps its safe URLs and loses each unsafe one (not the wallet); the modal's links stay safe", async () => {
    const reports: unknown[] = []
    const wallets = await loadRegistry(
      'https://registry.example/wallets.json',
      answer([
        {
          id: 'evil',
          name: 'Evil Wallet',
          homepage: 'javascript:alert(document.domain)',
          imageUrl: 'data:text/html,<script>alert(1)</script>',
          mobile: { native: 'javascript://%0aalert(1)', universal: ' javascript:alert(1)' },
        },
        {
          id: 'mixed',
          name: 'Mixed Wallet',
          homepage: 'https://mixed.example',
          imageUrl: 'https://mixed.example/icon.png',
          mobile: { native: 'vbscript:msgbox(1)', universal: 'https://mixed.example/app' },
        },
        { id: 'broken', name: 42 },
      ]),
      (message, detail) => reports.push({ message, detail }),
    )
    expect(wallets).toEqual([
      { id: 'evil', name: 'Evil Wallet' },
      {
        id: 'mixed',
        name: 'Mixed Wallet',
        homepage: 'https://mixed.example',
        imageUrl: 'https://mixed.example/icon.png',
        mobile: { universal: 'https://mixed.example/app' },
      },
    ])
    expect(reports.map((r) => (r as { detail: { field: string } }).detail.field)).toEqual([
      'evil.homepage',
      'evil.imageUrl',
      'evil.mobile.native',
      'evil.mobile.universal',
      'mixed.mobile.native',
      'name',
    ])
    expect(walletConnectLink(wallets[1]!, 'wc:a')).toBe('https://mixed.example/app/wc?uri=wc%3Aa')
    expect(walletConnectLink(wallets[0]!, 'wc:a')).toBeUndefined()

    const { kit } = injectedKit({ options: { networks: [anvil] } })
    kit.store.set({ wallets })
    await kit.open({ view: 'AllWallets' })
    const html = render(kit)
    expect(html).toContain('Mixed Wallet')
    expect(html).toMatch(/<a[^>]*href="https:\/\/mixed.example"/)
    expect(html).not.toMatch(/javascript|vbscript|data:text/i)
  })

  it('an EIP-6963 wallet announcing a javascript: icon is listed with its monogram; debug reports it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const page = createPage()
    installAnnouncedWallet(
      page,
      { ...walletInfo('Alpha', 'com.example.alpha'), icon: 'javascript:alert(1)' },
      new FakeProvider({ accounts: [bob], chainId: 31337 }),
    )
    installAnnouncedWallet(
      page,
      walletInfo('Beta', 'com.example.beta'),
      new FakeProvider({ accounts: [alice], chainId: 31337 }),
    )
    const kit = createKit({ options: { networks: [anvil], debug: true }, environment: { target: page } })
    const connectors = kit.store.get().connectors
    expect(connectors.find((c) => c.id === 'com.example.alpha')).not.toHaveProperty('imageUrl')
    expect(connectors.find((c) => c.id === 'com.example.beta')?.imageUrl).toMatch(/^data:image\/svg\+xml,/)
    expect(warn).toHaveBeenCalledWith(
      'pairwise: left out an unsafe URL',
      expect.objectContaining({ field: 'com.example.alpha.icon', url: 'javascript:alert(1)' }),
    )
    await kit.open()
    expect(render(kit)).not.toContain('javascript:')
  })

  it('without debug nothing is written, and a connector an adapter offers with a data:text/html icon loses the icon', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const page = createPage()
    installAnnouncedWallet(
      page,
      { ...walletInfo('Alpha', 'com.example.alpha'), icon: 'data:text/html,<script>alert(1)</script>' },
      new FakeProvider({ accounts: [bob], chainId: 31337 }),
    )
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: page } })
    expect(kit.store.get().connectors.find((c) => c.id === 'com.example.alpha')).not.toHaveProperty(
      'imageUrl',
    )
    expect(warn).not.toHaveBeenCalled()
  })

  it("a WalletConnect peer's unsafe icon is not shown as the connected wallet's", async () => {
    const provider = new FakeProvider({ accounts: [bob], chainId: 31337 })
    const transport: WalletConnectTransport = {
      provider,
      request: (args) => provider.request(args),
      restore: async () => undefined,
      connect: async () => {
        provider.granted = true
        return {
          accounts: [bob],
          chainId: 31337,
          peer: { name: 'Phone Wallet', icon: 'javascript:alert(1)' },
        }
      },
      disconnect: async () => {},
    }
    const kit = createKit({
      options: { networks: [anvil] },
      environment: { target: createPage(), walletConnect: async () => transport },
    })
    const result = await connect(kit.context, { connectorId: 'walletConnect' })
    expect(result.walletInfo).toEqual({ name: 'Phone Wallet' })
  })
})
