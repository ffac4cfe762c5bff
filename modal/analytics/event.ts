import type { ModalEvent } from '../controllers/events.js'
import { withoutAddresses } from './withoutAddresses.js'

/** One event as the api's ingest route accepts it (services/api/analytics/schema.ts). */
export type AnalyticsEvent = {
  type: 'pageview' | 'event'
  name: string
  path: string
  properties: Record<string, string | number | boolean>
  at: number
}

/** The ingest route's caps; events are clipped to them here so a batch is never refused for size. */
export const eventLimits = {
  nameChars: 64,
  pathChars: 512,
  properties: 16,
  propertyKeyChars: 64,
  propertyValueChars: 256,
} as const

/**
 * A path only (no query string, no fragment: they may carry tokens or personal data), without wallet
 * addresses, clipped.
 */
export function cleanPath(path: string): string {
  const bare = withoutAddresses(path.replace(/[?#].*$/s, ''))
  return (bare.startsWith('/') ? bare : `/${bare}`).slice(0, eventLimits.pathChars)
}

/**
 * Flat primitive properties only (anything nested is left out), at most 16, strings clipped and without
 * wallet addresses or U+0000, which the api refuses (a CONNECT_ERROR's message is the wallet's text: it may
 * name the account, and one NUL in it would have the whole batch refused).
 */
export function cleanProperties(
  properties: Record<string, unknown> | undefined,
): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {}
  let count = 0
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (count === eventLimits.properties) break
    if (key.length === 0 || key.length > eventLimits.propertyKeyChars) continue
    if (typeof value === 'string')
      kept[key] = withoutAddresses(value.replaceAll('\u0000', '')).slice(0, eventLimits.propertyValueChars)
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      kept[key] = value
    else continue
    count++
  }
  return kept
}

export function pageViewEvent(path: string, at: number): AnalyticsEvent {
  return { type: 'pageview', name: 'pageview', path: cleanPath(path), properties: {}, at }
}

/** A modal event (MODAL_OPEN, CONNECT_SUCCESS, CONNECT_ERROR, …) as analytics records it. */
export function modalEventToAnalytics(event: ModalEvent, path: string): AnalyticsEvent {
  return {
    type: 'event',
    name: event.data.event.slice(0, eventLimits.nameChars),
    path: cleanPath(path),
    properties: cleanProperties(event.data.properties),
    at: event.timestamp,
  }
}
