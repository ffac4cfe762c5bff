import { describe, expect, it } from 'vitest'
import { openCheckoutWindow } from '../../../modal/onramp/checkoutWindow.js'

type FakeWindow = { location: { href: string }; opener: FakeWindow | null; closed: boolean }

/** The host page's window, whose `open` gives a blank pop-up that keeps it as `opener` (or null, as a blocker does). */
function hostWindow({ blocked = false } = {}) {
  const host: FakeWindow = { location: { href: 'https://dapp.example/' }, opener: null, closed: false }
  const popup: FakeWindow & { close(): void } = {
    location: { href: 'about:blank' },
    opener: host,
    closed: false,
    close: () => {
      popup.closed = true
    },
  }
  const opened: unknown[][] = []
  const open = (...args: unknown[]) => {
    opened.push(args)
    return blocked ? null : popup
  }
  return { host, popup, opened, asHost: { open: open as unknown as Window['open'] } }
}

/** What a script on the checkout page may do: send the window that opened it elsewhere (reverse tabnabbing). */
const checkoutPageRedirectsOpener = (popup: FakeWindow) => {
  if (popup.opener) popup.opener.location.href = 'https://dapp-example.evil/connect'
}

describe('the checkout window', () => {
  it('gives the checkout page no hold on the host page: it cannot send the app tab elsewhere', () => {
    const { host, popup, opened, asHost } = hostWindow()
    const checkout = openCheckoutWindow(asHost)
    expect(opened).toEqual([['about:blank', 'pairwise-onramp', 'width=600,height=800']])
    checkout?.show('https://pay.coinbase.com/buy/select-asset?sessionToken=t')
    expect(popup.location.href).toBe('https://pay.coinbase.com/buy/select-asset?sessionToken=t')
    checkoutPageRedirectsOpener(popup)
    expect(host.location.href).toBe('https://dapp.example/')
  })

  it('is undefined when a pop-up blocker refuses it, and closes when the checkout cannot be had', () => {
    expect(openCheckoutWindow(hostWindow({ blocked: true }).asHost)).toBeUndefined()
    const { popup, asHost } = hostWindow()
    openCheckoutWindow(asHost)?.close()
    expect(popup.closed).toBe(true)
  })
  it("is reused by name while still showing the provider's page, whose opener cannot be set but was cut before: no error, the checkout shown", () => {
    const { host, popup, asHost } = hostWindow()
    openCheckoutWindow(asHost)?.show('https://pay.coinbase.com/buy?sessionToken=t')
    Object.defineProperty(popup, 'opener', {
      get: () => null,
      set: () => {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
      },
    })
    const again = openCheckoutWindow(asHost)
    again?.show('https://pay.coinbase.com/buy?sessionToken=t2')
    expect(popup.location.href).toBe('https://pay.coinbase.com/buy?sessionToken=t2')
    checkoutPageRedirectsOpener(popup)
    expect(host.location.href).toBe('https://dapp.example/')
  })

  it('is closed and undefined when it cannot be cut off from the host page, so no checkout loads with the app tab in its hold', () => {
    const { host, popup, asHost } = hostWindow()
    Object.defineProperty(popup, 'opener', {
      get: () => host,
      set: () => {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
      },
    })
    expect(openCheckoutWindow(asHost)).toBeUndefined()
    expect(popup.closed).toBe(true)
  })
})
