import { defaultAccent, palettes, readableOn, systemFontStack, type ThemeMode } from './palettes.js'
import { type ThemeVariables, themeValue } from './themeValues.js'

/**
 * The --pw-* custom properties: the palette of `mode`, overridden by the host's theme variables. A variable
 * whose value is in none of its forms (themeValues.ts) keeps the default: these go into a stylesheet as they are.
 */
export function themeProperties(mode: ThemeMode, variables: ThemeVariables = {}): Record<string, string> {
  const value = <Name extends keyof ThemeVariables>(name: Name) => themeValue(name, variables[name])
  const radius = value('--w3m-border-radius-master') ?? '4px'
  const accent = value('--w3m-accent') ?? defaultAccent[mode]
  const mix = value('--w3m-color-mix')
  return {
    ...palettes[mode],
    '--pw-accent': accent,
    '--pw-accent-fg': readableOn(accent),
    '--pw-font': value('--w3m-font-family') ?? systemFontStack,
    '--pw-font-mono': value('--w3m-font-family-mono') ?? 'ui-monospace, monospace',
    '--pw-font-size': value('--w3m-font-size-master') ?? '10px',
    '--pw-radius': `calc(${radius} * 4)`,
    '--pw-z': value('--w3m-z-index') ?? '2147483000',
    '--pw-qr': value('--w3m-qr-color') ?? '#000000',
    ...(mix
      ? {
          '--pw-bg': `color-mix(in srgb, ${mix} ${value('--w3m-color-mix-strength') ?? 0}%, ${palettes[mode]['--pw-bg']})`,
        }
      : {}),
  }
}
