import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { socialResultType } from '../../../engine/frame/index.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { emailLogin } from '../../../modal/email/index.js'
import { SocialSection } from '../../../modal/email/social/SocialSection.js'
import { resumeSocialLogin, startSocialLogin } from '../../../modal/email/social/socialLogin.js'
import { authConnectorId } from '../../../modal/embedded/authConnector.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { SocialProvider } from '../../../modal/state/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { FakeDocument, frameOrigin } from '../embedded/support/fakePage.js'
import { testAddress } from '../embedded/support/samples.js'
import { anvilPair, createKit, unreachableRpcUrl } from '../support/kit.js'
import { loggedInRpc } from './support.js'

let anvil: CaipNetwork
beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

const kits: AppKit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

const ticket = 'T'.repeat(43)
const authorizeUrl = 'http://127.0.0.1:9000/auth?client_id=github-client'
const user = {
  address: testAddress,
  chainId: 31337,
  accounts: [{ address: testAddress, type: 'eoa' as const }],
  preferredAccountType: 'eoa' as const,
  userName: 'Ada GitHub',
}

/** A modal with email login and `socials` on, over the fake secure frame of test/modal/embedded. */
function socialKit(socials: false | SocialProvider[] = ['google', 'github']) {
  const page = new FakeDocument()
  const kit = createKit({
    options: {
      networks: [anvil],
      projectId: 'p1',
      embeddedWallet: emailLogin({ authUrl: `${frameOrigin}/` }),
      features: { email: true, socials },
    },
    environment: { document: page as unknown as Document },
  })
  kits.push(kit)
  const { frame } = page
  frame.on('GET_SOCIAL_REDIRECT_URI', () => ({ success: { uri: authorizeUrl } }))
  frame.on('CONNECT_SOCIAL', () => ({ success: user }))
  frame.on(
    'RPC_REQUEST',
    loggedInRpc(() => 31337),
  )
  return { kit, frame }
}

type Listener = (event: MessageEvent) => void

/** The page's window: `open` gives a popup (or null, as a blocker does); messages are dispatched by hand. */
function fakeWindow({ blocked = false, userAgent = 'Mozilla/5.0 Chrome/140' } = {}) {
  const listeners = new Set<Listener>()
  const popup = {
    closed: false,
    visited: [] as string[],
    location: { replace: (url: string) => popup.visited.push(url) },
    close: () => {
      popup.closed = true
    },
  }
  const win = {
    opened: [] as unknown[][],
    assigned: [] as string[],
    replaced: [] as string[],
    navigator: { userAgent },
    location: {
      href: 'http://localhost:5173/embedded/?tab=1',
      pathname: '/embedded/',
      search: '?tab=1',
      assign: (url: string) => win.assigned.push(url),
    },
    history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => win.replaced.push(url) },
    open: (...args: unknown[]) => {
      win.opened.push(args)
      return blocked ? null : popup
    },
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    dispatch: (event: Partial<MessageEvent>) => {
      for (const listener of [...listeners]) listener(event as MessageEvent)
    },
    listening: () => listeners.size,
  }
  return { win, popup, asWindow: win as unknown as Window }
}

const flushTurns = () => new Promise((resolve) => setTimeout(resolve, 50))

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

describe('social login in the modal', () => {
  it('SOC-02 Connect shows one button per enabled social provider, in the configured order, farcaster included', () => {
    const render = (kit: AppKit) =>
      renderToString(
        createElement(
          KitContext.Provider,
          { value: { kit, t: createTranslator() } },
          createElement(SocialSection, { mode: 'auto', farcaster: true }),
        ),
      )
    const html = render(socialKit(['discord', 'farcaster', 'google', 'apple']).kit)
    expect([...html.matchAll(/data-testid="social-([a-z]+)"/g)].map((match) => match[1])).toEqual([
      'discord',
      'farcaster',
      'google',
      'apple',
    ])
    expect(html).toContain('Continue with Farcaster')
    expect(html).toContain('Continue with Google')
    expect(render(socialKit(false).kit)).toBe('')
  })

  it('SOC-03 a social login opens socialWindow in the click itself, asks the frame for the redirect URI, sends the window there and records socialProvider', async () => {
    const { kit, frame } = socialKit()
    const { win, popup, asWindow } = fakeWindow()
    await kit.open()
    const login = startSocialLogin(kit.context, 'github', 'auto', asWindow)
    // Before any await: a browser would block a window opened later.
    expect(win.opened).toHaveLength(1)
    expect(kit.store.get().account).toMatchObject({ socialProvider: 'github', socialWindow: popup })
    expect(kit.store.get().router).toMatchObject({ view: 'ConnectingSocial', data: { provider: 'github' } })
    await eventually(() => popup.visited.length === 1)
    expect(frame.received('GET_SOCIAL_REDIRECT_URI').map((request) => request.payload)).toEqual([
      { provider: 'github' },
    ])
    expect(popup.visited).toEqual([authorizeUrl])

    // SOC-04: only the popup's own message, from the frame's origin, shaped as a result, is read.
    win.dispatch({
      source: {} as Window,
      origin: frameOrigin,
      data: { type: socialResultType, resultUri: ticket },
    })
    win.dispatch({
      source: popup as unknown as Window,
      origin: 'http://evil.test',
      data: { type: socialResultType, resultUri: ticket },
    })
    win.dispatch({
      source: popup as unknown as Window,
      origin: frameOrigin,
      data: { type: socialResultType, resultUri: 'short' },
    })
    expect(frame.received('CONNECT_SOCIAL')).toHaveLength(0)
    win.dispatch({
      source: popup as unknown as Window,
      origin: frameOrigin,
      data: { type: socialResultType, resultUri: ticket },
    })
    await login
    expect(frame.received('CONNECT_SOCIAL').map((request) => request.payload)).toEqual([
      { uri: ticket, chainId: 31337 },
    ])
    expect(kit.getAddress()).toBe(testAddress)
    expect(kit.store.get().connections.eip155?.connections[0]?.connectorId).toBe(authConnectorId)
    expect(kit.store.get().account).toMatchObject({ user, socialProvider: 'github' })
    expect(kit.store.get().account.socialWindow).toBeUndefined()
    expect(popup.closed).toBe(true)
    expect(win.listening()).toBe(0)
  })

  it('a second login begun while the first still waits gets its own window: one handoff is redeemed once, by the login it was for', async () => {
    const { kit, frame } = socialKit()
    const { win, asWindow } = fakeWindow()
    // As a browser does: a named target names one window, found again while it is open; _blank is always new.
    const named = new Map<string, ReturnType<typeof fakeWindow>['popup']>()
    win.open = (...args: unknown[]) => {
      win.opened.push(args)
      const name = String(args[1])
      const found = named.get(name)
      if (found && !found.closed && name !== '_blank') return found
      const popup = fakeWindow().popup
      named.set(name, popup)
      return popup
    }
    await kit.open()
    const first = startSocialLogin(kit.context, 'github', 'auto', asWindow)
    first.catch(() => undefined)
    const second = startSocialLogin(kit.context, 'google', 'auto', asWindow)
    await eventually(() => frame.received('GET_SOCIAL_REDIRECT_URI').length === 2)
    const popups = [...named.values()]
    await eventually(() => popups.reduce((visits, popup) => visits + popup.visited.length, 0) === 2)
    win.dispatch({
      source: popups.at(-1) as unknown as Window,
      origin: frameOrigin,
      data: { type: socialResultType, resultUri: ticket },
    })
    await second
    await flushTurns()
    expect(frame.received('CONNECT_SOCIAL')).toHaveLength(1)
    expect(kit.store.get().account.socialProvider).toBe('google')
  })

  it('SOC-04 a blocked popup (window.open gives null) or a webview falls back to a redirect that names this page to come back to', async () => {
    for (const [mode, setup, opened] of [
      ['auto', { blocked: true }, 1],
      ['popup', { blocked: true }, 1],
      ['auto', { userAgent: 'Mozilla/5.0 (Linux; Android 14; wv) Chrome/140' }, 0],
      ['redirect', {}, 0],
    ] as const) {
      const { kit, frame } = socialKit()
      const { win, asWindow } = fakeWindow(setup)
      await startSocialLogin(kit.context, 'google', mode, asWindow)
      expect(win.opened).toHaveLength(opened)
      expect(frame.received('GET_SOCIAL_REDIRECT_URI').map((request) => request.payload)).toEqual([
        { provider: 'google', returnPath: '/embedded/?tab=1' },
      ])
      expect(win.assigned).toEqual([authorizeUrl])
      expect(kit.store.get().account.socialProvider).toBe('google')
    }
  })

  it('refuses a redirect URI from the frame that is not http(s): neither the popup nor the page goes there', async () => {
    for (const uri of [
      'javascript:alert(document.domain)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.test/x',
    ])
      for (const mode of ['popup', 'redirect'] as const) {
        const { kit, frame } = socialKit()
        frame.on('GET_SOCIAL_REDIRECT_URI', () => ({ success: { uri } }))
        const { win, popup, asWindow } = fakeWindow()
        await expect(startSocialLogin(kit.context, 'github', mode, asWindow), uri).rejects.toThrow(
          'The frame answered a sign-in address no identity provider serves',
        )
        expect(popup.visited, uri).toEqual([])
        expect(win.assigned, uri).toEqual([])
        // The blank popup, which shares the page's origin, is closed, and nothing is left listening.
        expect(popup.closed, uri).toBe(mode === 'popup')
        expect(win.listening(), uri).toBe(0)
      }
  })

  it('SOC-04 back from the redirect, the ticket is stripped from the address on read and connect social completes the login', async () => {
    const { kit, frame } = socialKit()
    const first = fakeWindow()
    await startSocialLogin(kit.context, 'x', 'redirect', first.asWindow)
    const { win, asWindow } = fakeWindow()
    win.location.href = `http://localhost:5173/embedded/?tab=1&pw_result=${ticket}`
    resumeSocialLogin(kit.context, asWindow)
    expect(win.replaced).toEqual(['http://localhost:5173/embedded/?tab=1'])
    expect(kit.store.get().router).toMatchObject({ view: 'ConnectingSocial', data: { provider: 'x' } })
    await eventually(() => kit.getAddress() === testAddress)
    expect(frame.received('CONNECT_SOCIAL').map((request) => request.payload)).toEqual([
      { uri: ticket, chainId: 31337 },
    ])
    await eventually(() => kit.store.get().account.user?.userName === 'Ada GitHub')

    // A page without a result is left as it is; a malformed one is stripped and not sent anywhere.
    const plain = fakeWindow()
    resumeSocialLogin(kit.context, plain.asWindow)
    expect(plain.win.replaced).toEqual([])
    const odd = fakeWindow()
    odd.win.location.href = 'http://localhost:5173/embedded/?pw_result=%3Cscript%3E'
    resumeSocialLogin(kit.context, odd.asWindow)
    expect(odd.win.replaced).toEqual(['http://localhost:5173/embedded/'])
    expect(frame.received('CONNECT_SOCIAL')).toHaveLength(1)
  })
})
