import { serverTextFailure } from '../api/serverTexts.js'
import { createTranslator, type Translate } from '../i18n/translate.js'
import type { AlertSeverity, AlertText } from '../state/types.js'
import type { ModalContext } from './context.js'

/** How long a snackbar stays before it hides itself. */
export const snackbarMs = 2500

/** An alert's words as `t` translates them; the app's own words stay as it wrote them. */
export function alertWords(t: Translate, text: AlertText): string {
  return 'plain' in text ? text.plain : t(text.key, text.params)
}

/** An alert's English words (the spec's), kept in state beside the key the modal translates. */
function englishOf(text: AlertText): string {
  return alertWords(createTranslator(), text)
}

export function showAlert(ctx: ModalContext, severity: AlertSeverity, text: AlertText): void {
  ctx.store.set(({ alerts }) => ({
    alerts: [...alerts, { id: nextId(alerts), severity, message: englishOf(text), text }],
  }))
}

/** ERR-14..17: the alert a server's own words map to (the api's, or the auth service's through the frame). */
export function showServerTextAlert(ctx: ModalContext, text: string): void {
  const failure = serverTextFailure(text)
  if (failure) showAlert(ctx, 'error', { key: `alert.${failure}` })
}

export function dismissAlert(ctx: ModalContext, id: number): void {
  ctx.store.set(({ alerts }) => ({ alerts: alerts.filter((a) => a.id !== id) }))
}

export function showSnackbar(ctx: ModalContext, severity: AlertSeverity, text: AlertText): void {
  const snackbar = {
    id: nextId(ctx.store.get().alerts) + Date.now(),
    severity,
    message: englishOf(text),
    text,
  }
  ctx.store.set({ snackbar })
  ctx.clock.setTimeout(() => {
    if (ctx.store.get().snackbar?.id === snackbar.id) ctx.store.set({ snackbar: undefined })
  }, snackbarMs)
}

function nextId(alerts: { id: number }[]): number {
  return alerts.reduce((max, a) => Math.max(max, a.id), 0) + 1
}
