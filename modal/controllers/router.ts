import type { Route } from '../state/views.js'
import type { ModalContext } from './context.js'

export function push(ctx: ModalContext, route: Route): void {
  ctx.store.set(({ router }) => {
    const { history, ...current } = router
    return { router: { ...route, history: [...history, current as Route] } }
  })
}

export function replace(ctx: ModalContext, route: Route): void {
  ctx.store.set(({ router }) => ({ router: { ...route, history: router.history } }))
}

export function reset(ctx: ModalContext, route: Route): void {
  ctx.store.set({ router: { ...route, history: [] } })
}

/** Back one view; a connected visitor going back to Connect lands on Account instead. */
export function goBack(ctx: ModalContext): void {
  const { router, account } = ctx.store.get()
  const previous = router.history.at(-1)
  if (!previous) return
  const target: Route = previous.view === 'Connect' && account.address ? { view: 'Account' } : previous
  ctx.store.set({ router: { ...target, history: router.history.slice(0, -1) } })
}

/** After a network switch: back past the network list to where it was opened from, or close when nothing is. */
export function afterNetworkSwitch(ctx: ModalContext, closeModal: () => void): void {
  const { history } = ctx.store.get().router
  const before = history.findLastIndex((r) => r.view === 'Networks')
  const target = before > 0 ? history[before - 1] : undefined
  if (!target) {
    closeModal()
    return
  }
  ctx.store.set({ router: { ...target, history: history.slice(0, before - 1) } })
}
