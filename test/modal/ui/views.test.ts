import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { WalletConnectTransportFactory } from '../../../modal/adapters/walletConnectTransport.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { Route } from '../../../modal/state/views.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { ThemeStyle } from '../../../modal/ui/ThemeStyle.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, anvilPair, bob, createKit, injectedKit, unreachableRpcUrl } from '../support/kit.js'
import { loadLaterViews } from '../support/laterViews.js'
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

// Rendering never runs effects, so no view starts a pairing; the transport only has to exist.
const walletConnect: WalletConnectTransportFactory = () =>
  Promise.reject(new Error('views are rendered on the server here; nothing pairs'))

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
  await loadLaterViews()
})

function render(kit: AppKit, node: ReactNode = createElement(ModalRoot), t = createTranslator()): string {
  return renderToString(createElement(KitContext.Provider, { value: { kit, t } }, node))
}

function title(html: string): string | undefined {
  return /<h2 id="[^"]*">([^<]*)<\/h2>/.exec(html)?.[1]
}

/** A page with an injected wallet (alice), an announced Alpha (bob) and WalletConnect configured. */
function walletsPage(options: { excludeWalletIds?: string[] } = {}) {
  const provider = new FakeProvider({ accounts: [alice], chainId: 31337 })
  const page = createPage(provider)
  installAnnouncedWallet(
    page,
    walletInfo('Alpha', 'com.example.alpha'),
    new FakeProvider({ accounts: [bob], chainId: 31337 }),
  )
  const kit = createKit({
    options: { networks: [anvil, anvil2], ...options },
    environment: { target: page, walletConnect },
  })
  return { kit, provider }
}

describe('views: each can be routed to and renders', () => {
  const routes: [() => Route, string, string][] = [
    [() => ({ view: 'Connect' }), 'wallet-list', 'Connect Wallet'],
    [() => ({ view: 'AllWallets' }), 'all-wallets-list', 'All Wallets'],
    [
      () => ({ view: 'ConnectingExternal', data: { connectorId: 'com.example.alpha' } }),
      'connecting-external',
      'Alpha',
    ],
    [() => ({ view: 'ConnectingWalletConnect', data: {} }), 'walletconnect', 'WalletConnect'],
    [() => ({ view: 'ConnectingWalletConnectBasic' }), 'walletconnect', 'Connect Wallet'],
    [() => ({ view: 'Networks' }), 'network-list', 'Choose Network'],
    [() => ({ view: 'SwitchNetwork', data: { network: anvil2 } }), 'switch-network', 'Anvil 31338'],
    [
      () => ({ view: 'SwitchActiveChain', data: { namespace: 'solana' } }),
      'switch-active-chain',
      'Switch Chain',
    ],
    [() => ({ view: 'UnsupportedChain' }), 'unsupported-chain', 'Switch Network'],
  ]

  for (const [route, testId, heading] of routes) {
    it(`${route().view}: routing to it renders it in a labelled dialog`, async () => {
      const { kit } = walletsPage()
      await kit.open(route())
      const html = render(kit)
      expect(kit.store.get().router.view).toBe(route().view)
      expect(html).toContain('role="dialog"')
      expect(html).toContain('aria-labelledby=')
      expect(html).toContain(`data-testid="${testId}"`)
      expect(title(html)).toBe(heading)
    })
  }

  it('Account renders once connected', async () => {
    const { kit } = walletsPage()
    await kit.connect('injected')
    await kit.open()
    const html = render(kit)
    expect(html).toContain('data-testid="account"')
    expect(title(html)).toBe('Account')
  })

  it('a closed modal renders no dialog', () => {
    const { kit } = walletsPage()
    expect(render(kit)).not.toContain('role="dialog"')
  })

  it('ConnectingWalletConnect without a relay says WalletConnect is not configured', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.open({ view: 'ConnectingWalletConnect', data: {} })
    expect(render(kit)).toContain('WalletConnect is not configured for this app')
  })
})

describe('view contents', () => {
  it('OPEN-10 embedded mode shows Connect in place, and Account once connected', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil], enableEmbedded: true } })
    const before = render(kit)
    expect(kit.getState().open).toBe(false)
    expect(before).not.toContain('role="dialog"')
    expect(before).toContain('data-testid="wallet-list"')
    expect(title(before)).toBe('Connect Wallet')
    await kit.connect('injected')
    const after = render(kit)
    expect(after).toContain('data-testid="account"')
    expect(title(after)).toBe('Account')
  })

  it('VIEW-03 Account shows the address and the native balance with its symbol', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await kit.open()
    kit.store.set(({ account }) => ({
      account: { ...account, balance: '10000.123456', balanceLoading: false },
    }))
    const html = render(kit)
    expect(html).toContain(`title="${alice}"`)
    expect(html).toContain('0xf39F…2266')
    expect(html).toMatch(/data-testid="account-balance"[^>]*><bdi dir="ltr">10,000\.1234 tETH</)
    expect(html).toContain(`href="http://127.0.0.1:4000/address/${alice}"`)
  })

  it('Account writes the balance in the modal’s locale, every digit of a huge one, and < 0.0001 for a tiny one', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await kit.open()
    const shown = (balance: string, locale: 'de' | 'ja') => {
      kit.store.set(({ account }) => ({ account: { ...account, balance, balanceLoading: false } }))
      return /data-testid="account-balance"[^>]*><bdi dir="ltr">([^<]*)</.exec(
        render(kit, undefined, createTranslator(locale)),
      )?.[1]
    }
    expect(shown('10000.123456', 'de')).toBe('10.000,1234 tETH')
    expect(shown('123456789012345678901234567890.5', 'ja')).toBe(
      '123,456,789,012,345,678,901,234,567,890.5 tETH',
    )
    expect(shown('0.000000000000000001', 'de')).toBe('&lt; 0,0001 tETH')
  })

  it('VIEW-03 Account shows the profile name and image instead when they are set', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await kit.open()
    kit.store.set(({ account }) => ({
      account: { ...account, profileName: 'alice.eth', profileImage: 'http://127.0.0.1:4000/alice.png' },
    }))
    const html = render(kit)
    expect(html).toMatch(/data-testid="account-address"[^>]*>alice\.eth</)
    expect(html).not.toContain('0xf39F…2266')
    expect(html).toContain('src="http://127.0.0.1:4000/alice.png"')
  })

  it('Account shows Token Balance Unavailable and 0.00 when the balance failed', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await kit.open()
    kit.store.set(({ account }) => ({
      account: {
        ...account,
        balance: '0.00',
        balanceLoading: false,
        balanceError: 'Token Balance Unavailable',
      },
    }))
    expect(render(kit)).toContain('Token Balance Unavailable · <bdi dir="ltr">0.00 tETH</bdi>')
    expect(render(kit, undefined, createTranslator('de'))).toContain(
      'Token Balance Unavailable · <bdi dir="ltr">0,00 tETH</bdi>',
    )
  })

  it('VIEW-09 AllWallets lists announced, injected and WalletConnect wallets', async () => {
    const { kit } = walletsPage()
    await kit.open({ view: 'AllWallets' })
    const html = render(kit)
    expect(html).toContain('data-testid="wallet-injected"')
    expect(html).toContain('data-testid="wallet-com.example.alpha"')
    expect(html).toMatch(/<button[^>]*data-testid="wallet-metamask"/)
    expect(html).toMatch(/<button[^>]*data-testid="wallet-ledger"/)
    expect(html).not.toContain('data-testid="wallet-walletConnect"')
  })

  it('AllWallets without WalletConnect offers registry wallets as links to get them', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.open({ view: 'AllWallets' })
    const html = render(kit)
    expect(html).toMatch(/<a[^>]*href="https:\/\/metamask.io"[^>]*data-testid="wallet-metamask"/)
    expect(html).toContain('Get MetaMask')
  })

  it('an installed wallet that is also in the registry is listed once, as installed', async () => {
    const page = createPage()
    installAnnouncedWallet(
      page,
      walletInfo('MetaMask', 'io.metamask'),
      new FakeProvider({ accounts: [alice], chainId: 31337 }),
    )
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: page, walletConnect } })
    await kit.open({ view: 'AllWallets' })
    const html = render(kit)
    expect(html.match(/>MetaMask</g)).toHaveLength(1)
    expect(html).toContain('data-testid="wallet-io.metamask"')
  })

  it('Connect lists the browser wallets and WalletConnect, then All Wallets', async () => {
    const { kit } = walletsPage()
    await kit.open()
    const ids = [...render(kit).matchAll(/data-testid="((?:wallet-|all-)[^"]+)"/g)].map((m) => m[1])
    expect(ids).toEqual([
      'wallet-list',
      'wallet-walletConnect',
      'wallet-injected',
      'wallet-com.example.alpha',
      'all-wallets',
    ])
  })

  it('ROLE-12 wallets excluded by rdns or by name are hidden from every list', async () => {
    const { kit } = walletsPage({ excludeWalletIds: ['com.example.alpha', 'trust wallet', 'Browser Wallet'] })
    await kit.open()
    const connect = render(kit)
    expect(connect).toContain('data-testid="wallet-walletConnect"')
    await kit.open({ view: 'AllWallets' })
    const all = render(kit)
    expect(all).toContain('data-testid="wallet-metamask"')
    for (const html of [connect, all]) {
      expect(html).not.toContain('Alpha')
      expect(html).not.toContain('Trust Wallet')
      expect(html).not.toContain('data-testid="wallet-injected"')
    }
  })

  it('a wallet excluded by its registry id is hidden from every list when its extension is installed', async () => {
    const page = createPage()
    installAnnouncedWallet(
      page,
      walletInfo('Trust Wallet', 'com.trustwallet.app'),
      new FakeProvider({ accounts: [alice], chainId: 31337 }),
    )
    const kit = createKit({
      options: { networks: [anvil], excludeWalletIds: ['trust'] },
      environment: { target: page, walletConnect },
    })
    await kit.open()
    const connect = render(kit)
    await kit.open({ view: 'AllWallets' })
    for (const html of [connect, render(kit)]) expect(html).not.toContain('Trust Wallet')
  })

  it('UnsupportedChain lists the configured networks to switch to', async () => {
    const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.connect('injected')
    provider.selectChain(4660)
    const html = render(kit)
    expect(html).toContain('data-testid="network-eip155:31337"')
    expect(html).toContain('data-testid="network-eip155:31338"')
  })

  it('VIEW-11 themeMode and themeVariables become the modal custom properties', () => {
    const { kit } = injectedKit({
      options: { networks: [anvil], themeMode: 'dark', themeVariables: { '--w3m-accent': '#ff00aa' } },
    })
    const dark = render(kit, createElement(ThemeStyle))
    expect(dark).toMatch(/:host\{[^}]*--pw-bg:#191a1a/)
    expect(dark).toContain('--pw-accent:#ff00aa')
    kit.setThemeMode('light')
    kit.setThemeVariables({ '--w3m-border-radius-master': '1px' })
    const light = render(kit, createElement(ThemeStyle))
    expect(light).toMatch(/:host\{[^}]*--pw-bg:#ffffff/)
    expect(light).toContain('--pw-accent:#ff00aa')
    expect(light).toContain('--pw-radius:calc(1px * 4)')
  })

  it('setThemeVariables refuses a value that would add rules or load from another host, naming it, and the stylesheet keeps its theme', () => {
    const { kit } = injectedKit({
      options: { networks: [anvil], themeVariables: { '--w3m-accent': '#ff00aa' } },
    })
    const before = render(kit, createElement(ThemeStyle))
    expect(() =>
      kit.setThemeVariables({ '--w3m-accent': '#000;}:host{background:url(//tracker.example/p.png)' }),
    ).toThrow(
      'Invalid theme variables: --w3m-accent: a colour: #hex, a colour name, rgb(), hsl(), oklch(), color-mix() or var()',
    )
    expect(() =>
      kit.setThemeVariables({ '--w3m-font-size-master': '12px', '--w3m-qr-color': 'red\n}' }),
    ).toThrow(/--w3m-qr-color/)
    const after = render(kit, createElement(ThemeStyle))
    expect(after).toBe(before)
    expect(after).not.toContain('tracker.example')
    expect(kit.getThemeVariables()).toEqual({ '--w3m-accent': '#ff00aa' })
  })
})
