import type * as z from 'zod/mini'
import type { themeVariablesSchema } from '../controllers/options.js'

export type ThemeMode = 'light' | 'dark'
export type ThemeVariables = z.infer<typeof themeVariablesSchema>

/** CONST-01: overlay fade, card entrance, view change. */
export const animationMs = { overlay: 120, card: 150, view: 150 } as const

/** System fonts only: the modal loads no font from anywhere. */
export const systemFontStack =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"

const palettes: Record<ThemeMode, Record<string, string>> = {
  light: {
    '--pw-bg': '#ffffff',
    '--pw-bg-2': '#f1f3f5',
    '--pw-bg-3': '#e9ecef',
    '--pw-fg': '#141414',
    '--pw-fg-2': '#4a4a4a',
    '--pw-border': 'rgba(0,0,0,0.1)',
    '--pw-overlay': 'rgba(0,0,0,0.35)',
    '--pw-error': '#c92a2a',
    '--pw-success': '#2b8a3e',
  },
  dark: {
    '--pw-bg': '#191a1a',
    '--pw-bg-2': '#252626',
    '--pw-bg-3': '#2f3030',
    '--pw-fg': '#f5f5f5',
    '--pw-fg-2': '#c4c4c4',
    '--pw-border': 'rgba(255,255,255,0.12)',
    '--pw-overlay': 'rgba(0,0,0,0.6)',
    '--pw-error': '#ff8787',
    '--pw-success': '#8ce99a',
  },
}

/** Custom properties for the host element: the palette of `mode`, overridden by the host's themeVariables. */
export function themeProperties(mode: ThemeMode, variables: ThemeVariables = {}): Record<string, string> {
  const radius = variables['--w3m-border-radius-master'] ?? '4px'
  const accent = variables['--w3m-accent'] ?? (mode === 'dark' ? '#4dabf7' : '#1864ab')
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

export function propertiesToCss(selector: string, properties: Record<string, string>): string {
  return `${selector}{${Object.entries(properties)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`
}

/** Near-black or white, whichever reads better on `color` (WCAG relative luminance); white for non-hex. */
export function readableOn(color: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1]
  if (!hex) return '#ffffff'
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#0b0c0d'
}
