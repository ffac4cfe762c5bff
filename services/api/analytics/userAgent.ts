export type BrowserFamily = 'chrome' | 'edge' | 'firefox' | 'safari' | 'opera' | 'other'
export type DeviceClass = 'mobile' | 'desktop'

/**
 * The coarse facts analytics keeps about a visitor's browser, derived here so the full user agent (a
 * fingerprinting aid) is never stored. Order matters: Edge and Opera also claim Chrome, Chrome also
 * claims Safari.
 */
export function coarseUserAgent(userAgent: string | undefined): {
  browser: BrowserFamily
  device: DeviceClass
} {
  const ua = userAgent ?? ''
  const browser: BrowserFamily = /\bEdg(e|A|iOS)?\//.test(ua)
    ? 'edge'
    : /\b(OPR|Opera)\//.test(ua)
      ? 'opera'
      : /\b(Firefox|FxiOS)\//.test(ua)
        ? 'firefox'
        : /\b(Chrome|Chromium|CriOS)\//.test(ua)
          ? 'chrome'
          : /\bSafari\//.test(ua)
            ? 'safari'
            : 'other'
  const device: DeviceClass = /Mobi|Android|iPhone|iPad|iPod/i.test(ua) ? 'mobile' : 'desktop'
  return { browser, device }
}
