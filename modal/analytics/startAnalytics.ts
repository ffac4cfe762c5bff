import type { ModalEvent } from '../controllers/events.js'
import type { AnalyticsTarget } from './enabled.js'
import { modalEventToAnalytics, pageViewEvent } from './event.js'
import { watchRoutes } from './routes.js'
import { type AnalyticsSender, createAnalyticsSender } from './sender.js'
import { browserTransport } from './transport.js'

/**
 * The analytics chunk: loaded by a dynamic import only when the host turned analytics on, so a page
 * without it neither downloads this code nor sends anything.
 */

/** The ingest route of the host's api for its project. */
export function ingestUrl(target: AnalyticsTarget): string {
  return `${target.apiUrl.replace(/\/+$/, '')}/v1/analytics/events?projectId=${encodeURIComponent(target.projectId)}`
}

/** A sender for `target` posting from `win`, flushed with sendBeacon when the page is hidden or left. */
function pageSender(win: Window, target: AnalyticsTarget): { sender: AnalyticsSender; stop(): void } {
  const sender = createAnalyticsSender({
    url: ingestUrl(target),
    transport: browserTransport({ navigator: win.navigator, fetch: (input, init) => win.fetch(input, init) }),
    clock: {
      setTimeout: (run, ms) => win.setTimeout(run, ms),
      clearTimeout: (h) => win.clearTimeout(h as number),
    },
  })
  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') sender.flush(true)
  }
  const onPageHide = () => sender.flush(true)
  win.document.addEventListener('visibilitychange', onHidden)
  win.addEventListener('pagehide', onPageHide)
  return {
    sender,
    stop() {
      win.document.removeEventListener('visibilitychange', onHidden)
      win.removeEventListener('pagehide', onPageHide)
      sender.flush(false)
    },
  }
}

/** Sends the modal's tracked events (MODAL_OPEN, CONNECT_SUCCESS, CONNECT_ERROR, …) until stopped. */
export function trackModalEvents(
  win: Window,
  target: AnalyticsTarget,
  events: { subscribeEvents(listener: (event: ModalEvent) => void): () => void },
): () => void {
  const page = pageSender(win, target)
  const unsubscribe = events.subscribeEvents((event) =>
    page.sender.add(modalEventToAnalytics(event, win.location.pathname)),
  )
  return () => {
    unsubscribe()
    page.stop()
  }
}

/**
 * Sends one page view per route the visitor opens until stopped. `isNew` decides whether a path counts
 * (the caller remembers the last one, so a remount does not count the same route twice).
 */
export function trackPageViews(
  win: Window,
  target: AnalyticsTarget,
  isNew: (path: string) => boolean,
  now: () => number = Date.now,
): () => void {
  const page = pageSender(win, target)
  const stopWatching = watchRoutes(win, (path) => {
    if (isNew(path)) page.sender.add(pageViewEvent(path, now()))
  })
  return () => {
    stopWatching()
    page.stop()
  }
}
