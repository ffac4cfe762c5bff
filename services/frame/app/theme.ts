import { themeProperties } from '@pairwise/common/theme'
import type { themeSyncSchema } from '@pairwise/engine/frame'
import type { z } from 'zod/mini'

/** The variables the frame honours; anything else a host sends is ignored (its fonts and z-index are the modal's). */
const applied = [
  '--w3m-accent',
  '--w3m-color-mix',
  '--w3m-color-mix-strength',
  '--w3m-border-radius-master',
  '--w3m-font-size-master',
] as const
const cssValue = /^[#(),.%\w\s-]{1,64}$/

type Root = { dataset: DOMStringMap; style: Pick<CSSStyleDeclaration, 'setProperty'> }

/**
 * ENT-16: light or dark, and the few variables the frame honours, turned into the same --pw-* properties the
 * modal sets (@pairwise/common/theme), so the frame's buttons, fields and rows look like the modal's around it.
 */
export function applyTheme(
  theme: z.output<typeof themeSyncSchema>,
  root: Root = document.documentElement,
): void {
  const mode = theme.themeMode ?? (root.dataset.theme === 'light' ? 'light' : 'dark')
  root.dataset.theme = mode
  const variables = Object.fromEntries(
    applied.flatMap((name) => {
      const value = theme.themeVariables?.[name]
      return value !== undefined && cssValue.test(String(value)) ? [[name, String(value)]] : []
    }),
  )
  for (const [name, value] of Object.entries(themeProperties(mode, variables)))
    root.style.setProperty(name, value)
}
