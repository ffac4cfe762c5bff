import type { AlertSeverity } from '../state/types.js'
import type { ModalContext } from './context.js'

/** How long a snackbar stays before it hides itself. */
export const snackbarMs = 2500

export function showAlert(ctx: ModalContext, severity: AlertSeverity, message: string): void {
  ctx.store.set(({ alerts }) => ({ alerts: [...alerts, { id: nextId(alerts), severity, message }] }))
}

export function dismissAlert(ctx: ModalContext, id: number): void {
  ctx.store.set(({ alerts }) => ({ alerts: alerts.filter((a) => a.id !== id) }))
}

export function showSnackbar(ctx: ModalContext, severity: AlertSeverity, message: string): void {
  const snackbar = { id: nextId(ctx.store.get().alerts) + Date.now(), severity, message }
  ctx.store.set({ snackbar })
  ctx.clock.setTimeout(() => {
    if (ctx.store.get().snackbar?.id === snackbar.id) ctx.store.set({ snackbar: undefined })
  }, snackbarMs)
}

function nextId(alerts: { id: number }[]): number {
  return alerts.reduce((max, a) => Math.max(max, a.id), 0) + 1
}
