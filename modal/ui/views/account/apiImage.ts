import { imageServedBy, urlRefusal } from '../../../core/safeUrl.js'

/**
 * An image URL from an api answer (a token's icon, an NFT's image) when it may be shown, else undefined.
 * Anyone can send an address a token or NFT whose image points at their own server, so showing it would tell
 * them who looked and when: only inline images (`data:image/…`, as safeUrl allows them) and images served by
 * the app's own api (http or https, the host the integrator configured) are shown.
 */
export function apiImage(value: string | undefined, apiUrl: string | undefined): string | undefined {
  if (!value) return undefined
  if (value.startsWith('data:')) return urlRefusal(value, 'image') === undefined ? value : undefined
  return imageServedBy(value, apiUrl) ? value : undefined
}
