import { useEffect, useRef } from 'react'
import { analyticsTarget } from '../analytics/enabled.js'
import { usePageKit } from './usePageKit.js'

/**
 * Posts one page view per route the visitor opens (the first load, then history navigation), when the
 * page's instance has analytics on (`features.analytics` and an `apiUrl`); otherwise it loads and sends
 * nothing. Mount it once. Renders nothing.
 */
export function Analytics({ kit: id }: { kit?: string } = {}): null {
  const kit = usePageKit(id)
  // Kept across StrictMode's unmount and remount, so the same route is not counted twice.
  const lastPath = useRef<string | undefined>(undefined)
  useEffect(() => {
    const target = kit && analyticsTarget(kit.options)
    if (!target) return
    let stop: (() => void) | undefined
    let stopped = false
    void import('../analytics/startAnalytics.js').then(({ trackPageViews }) => {
      if (stopped) return
      stop = trackPageViews(window, target, (path) => {
        if (path === lastPath.current) return false
        lastPath.current = path
        return true
      })
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [kit])
  return null
}
