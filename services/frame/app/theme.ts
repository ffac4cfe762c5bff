import type { themeSyncSchema } from '@pairwise/engine/frame'
import type { z } from 'zod/mini'

/** The variables the frame's stylesheet reads; anything else a host sends is ignored. */
const applied = [
  '--w3m-accent',
  '--w3m-color-mix',
  '--w3m-border-radius-master',
  '--w3m-font-size-master',
] as const
const cssValue = /^[#(),.%\w\s-]{1,64}$/

/** ENT-16: light or dark, and the few variables the frame honours, set as CSS custom properties. */
export function applyTheme(
  theme: z.output<typeof themeSyncSchema>,
  root: HTMLElement = document.documentElement,
): void {
  if (theme.themeMode) root.dataset.theme = theme.themeMode
  for (const name of applied) {
    const value = theme.themeVariables?.[name]
    if (value !== undefined && cssValue.test(String(value))) root.style.setProperty(name, String(value))
  }
}
