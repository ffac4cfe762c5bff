/**
 * Calls `onRoute` with the page's path now and whenever it may have changed: `history.pushState` and
 * `replaceState` (wrapped, since the browser fires no event for them) and `popstate` (back/forward).
 * Undoes its wrapping on stop unless something wrapped them again after it.
 */
export function watchRoutes(win: Window, onRoute: (path: string) => void): () => void {
  const { history } = win
  const report = () => onRoute(win.location.pathname)
  const wrap = (original: History['pushState']): History['pushState'] =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args)
      report()
    }
  const push = history.pushState
  const replace = history.replaceState
  const wrappedPush = wrap(push)
  const wrappedReplace = wrap(replace)
  history.pushState = wrappedPush
  history.replaceState = wrappedReplace
  win.addEventListener('popstate', report)
  report()
  return () => {
    win.removeEventListener('popstate', report)
    if (history.pushState === wrappedPush) history.pushState = push
    if (history.replaceState === wrappedReplace) history.replaceState = replace
  }
}
