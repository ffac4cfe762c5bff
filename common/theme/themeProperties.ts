import { defaultAccent, palettes, readableOn, systemFontStack, type ThemeMode } from './palettes.js'

/** The AppKit theme variables a host may set (`createAppKit({ themeVariables })`), and Pairwise's mono font. */
export type ThemeVariables = Readonly<
  Partial<
    Record<
      | '--w3m-accent'
      | '--w3m-color-mix'
      | '--w3m-font-family'
      | '--w3m-font-family-mono'
      | '--w3m-font-size-master'
      | '--w3m-border-radius-master'
      | '--w3m-qr-color',
      string
    > &
      Record<'--w3m-color-mix-strength' | '--w3m-z-index', number | string>
  >
>

/** The --pw-* custom properties: the palette of `mode`, overridden by the host's theme variables. */
export function themeProperties(mode: ThemeMode, variables: ThemeVariables = {}): Record<string, string> {
  const radius = variables['--w3m-border-radius-master'] ?? '4px'
  const accent = variables['--w3m-accent'] ?? defaultAccent[mode]
  return {
    ...palettes[mode],
    '--pw-accent': accent,
    '--pw-accent-fg': readableOn(accent),
    '--pw-font': variables['--w3m-font-family'] ?? systemFontStack,
    '--pw-font-mono': variables['--w3m-font-family-mono'] ?? 'ui-monospace, monospace',
    '--pw-font-size': variables['--w3m-font-size-master'] ?? '10px',
    '--pw-radius': `calc(${radius} * 4)`,
    '--pw-z': String(variables['--w3m-z-index'] ?? 2147483000),
    '--pw-qr': variables['--w3m-qr-color'] ?? '#000000',
    ...(variables['--w3m-color-mix']
      ? {
          '--pw-bg': `color-mix(in srgb, ${variables['--w3m-color-mix']} ${variables['--w3m-color-mix-strength'] ?? 0}%, ${palettes[mode]['--pw-bg']})`,
        }
      : {}),
  }
}
