import type { AnalyticsTransport } from './sender.js'

type BrowserSide = { navigator: Pick<Navigator, 'sendBeacon'>; fetch: typeof fetch }

/**
 * sendBeacon while the page is being hidden (the browser sends it after the page is gone), fetch with
 * keepalive otherwise. The body goes as text/plain, a simple request with no CORS preflight; no cookies.
 * Analytics never reports failure to the page: a lost batch is just lost.
 */
export function browserTransport(side: BrowserSide): AnalyticsTransport {
  return (url, body, pageHiding) => {
    if (pageHiding && typeof side.navigator.sendBeacon === 'function' && side.navigator.sendBeacon(url, body))
      return
    void side
      .fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      })
      .catch(() => undefined)
  }
}
