import { appLinkSchemes } from '@pairwise/common'
import type { Reporter } from './report.js'

/**
 * Which URLs from outside the app — wallet registries, EIP-6963 announcements, WalletConnect peers' metadata —
 * the modal lets become a link target or an image source. Decided once, here:
 *
 * - `link` (an `href`, `window.open`, `location`): `https:` only, and without credentials
 *   (`https://metamask.io@evil.example` reads as metamask.io but goes to evil.example). No `http:`, not even to
 *   loopback: a registry's homepages are public sites, and a local registry can name them by `https:` too.
 * - `appLink` (a wallet's `native` deep link): a `link`, or one of `appLinkSchemes` (a closed list, see
 *   common/appLinkSchemes.ts) followed by `//`.
 * - `image` (an `<img src>`): `https:`, or `data:image/…` of a raster type or `svg+xml`. An SVG shown through
 *   `<img>` runs no script and loads nothing (browsers render it as a static, isolated image), so it is as
 *   inert there as a PNG; EIP-6963 wallets announce their icons that way.
 *
 * Everything else is refused: `javascript:` in any case, `data:text/html`, `vbscript:`, `file:`, `blob:`,
 * protocol-relative `//host`, percent-encoded schemes, and control characters or surrounding spaces (the URL
 * parser drops them, so `" java\tscript:"` would otherwise be `javascript:`).
 */
export type UrlUse = 'link' | 'appLink' | 'image'

/** Longest link kept (browsers and servers commonly stop at about 2 KB). */
export const MAX_LINK_LENGTH = 2048
/** Longest image URL kept: room for an inline (`data:`) wallet icon, not for a photo. */
export const MAX_IMAGE_URL_LENGTH = 256 * 1024

const imageData = /^data:image\/(?:png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)[;,]/i

/** Why `value` may not be used as `use`, or undefined when it may (as given, unchanged). */
export function urlRefusal(value: unknown, use: UrlUse): string | undefined {
  if (typeof value !== 'string' || value === '') return 'not a URL'
  if (value.length > (use === 'image' ? MAX_IMAGE_URL_LENGTH : MAX_LINK_LENGTH)) return 'too long'
  // The scheme of an inline image is fixed by its first bytes; what follows is the picture.
  if (use === 'image' && imageData.test(value)) return undefined
  if (hasControlCharacter(value) || value.trim() !== value) return 'control characters or surrounding spaces'
  let url: URL
  try {
    // No base: a relative or protocol-relative URL (`//evil.example`) is refused, not resolved.
    url = new URL(value)
  } catch {
    return 'not an absolute URL'
  }
  const scheme = url.protocol.slice(0, -1)
  if (scheme === 'https') return url.username || url.password ? 'credentials in the URL' : undefined
  if (use === 'appLink' && appLinkSchemes.includes(scheme) && value.startsWith(`${scheme}://`))
    return undefined
  return `scheme ${scheme}: is not allowed for ${use === 'image' ? 'an image' : 'a link'}`
}

/**
 * Whether `value` is an image served by the service at `serviceUrl` (the app's api, its wallet registry): a
 * host the integrator configured, so `http:` is allowed too (a self-hosted service on loopback or a LAN may
 * have no TLS). The other `image` checks (absolute, no credentials, no control characters) still apply.
 */
export function imageServedBy(value: string, serviceUrl: string | undefined): boolean {
  if (!serviceUrl || urlRefusal(value.replace(/^http:/, 'https:'), 'image') !== undefined) return false
  try {
    return new URL(value).origin === new URL(serviceUrl).origin
  } catch {
    return false
  }
}

/**
 * `value` when it may be used as `use`; otherwise undefined, and `report` says which field was dropped.
 * An absent value (undefined) is simply absent.
 */
export function safeUrl(
  value: unknown,
  use: UrlUse,
  field: string,
  report: Reporter | undefined,
): string | undefined {
  if (value === undefined) return undefined
  const reason = urlRefusal(value, use)
  if (reason === undefined) return value as string
  report?.('left out an unsafe URL', {
    field,
    url: typeof value === 'string' ? value.slice(0, 200) : value,
    reason,
  })
  return undefined
}

// C0 controls and DEL: the URL parser removes tabs and newlines anywhere and strips the rest at the ends.
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
