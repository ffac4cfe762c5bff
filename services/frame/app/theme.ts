import { themeProperties, themeValueChecks } from '@pairwise/common/theme'
import type { themeSyncSchema } from '@pairwise/engine/frame'
import type { z } from 'zod/mini'

/**
 * Values the modal takes for `name` that stand alone: the frame is another document, without the host page's
 * custom properties, so a `var()` would leave the accent or background unset rather than the host's.
 */
const ownValue = (name: keyof typeof themeValueChecks) => (value: string) =>
  themeValueChecks[name].accepts(value) && !/var\(/i.test(value)

/**
 * The variables the frame honours, each with the values it takes; anything else a host sends is ignored
 * (its fonts and z-index are the modal's). The approval must stay readable whatever the host syncs, even
 * after its gate opened: the accent is a #rrggbb whose label colour is worked out, text size is held to a
 * readable range in px (0px, or a size that scrolls all but one row away, would hide what is signed), and
 * the background mixes in at most 40% of the host's colour (at 100% it could be the text's own colour).
 */
const applied = {
  // Only #rrggbb: the approve button's label takes the colour readable on it (readableOn), which is worked
  // out for that form alone; on `white` or `rgb(255 255 255)` the label would be white on white.
  '--w3m-accent': (value: string) => /^#[0-9a-f]{6}$/i.test(value),
  '--w3m-color-mix': ownValue('--w3m-color-mix'),
  '--w3m-color-mix-strength': (value: string) => /^\d{1,2}(\.\d+)?$/.test(value) && Number(value) <= 40,
  '--w3m-border-radius-master': ownValue('--w3m-border-radius-master'),
  '--w3m-font-size-master': (value: string) => {
    const px = /^(\d{1,2}(?:\.\d+)?)px$/.exec(value)
    return px !== null && Number(px[1]) >= 8 && Number(px[1]) <= 14
  },
} as const satisfies Record<string, (value: string) => boolean>

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
  const variables: Record<string, string> = Object.fromEntries(
    Object.entries(applied).flatMap(([name, accepts]) => {
      const value = theme.themeVariables?.[name]
      return value !== undefined && accepts(String(value)) ? [[name, String(value)]] : []
    }),
  )
  // A mix without a strength it may have is not applied, rather than at a strength the host did not ask for.
  if (variables['--w3m-color-mix-strength'] === undefined) delete variables['--w3m-color-mix']
  for (const [name, value] of Object.entries(themeProperties(mode, variables)))
    root.style.setProperty(name, value)
}
