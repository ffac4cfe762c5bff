/**
 * The colours, fonts and accent every Pairwise surface starts from: the modal's shadow root and the secure
 * frame's page (its own origin) both set these custom properties, so their components look alike in either theme.
 */
export type ThemeMode = 'light' | 'dark'

/** System fonts only: nothing loads a font from anywhere. */
export const systemFontStack =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"

/** Each text colour reads at 4.5:1 or more on each background of its palette (WCAG AA). */
export const palettes: Readonly<Record<ThemeMode, Readonly<Record<string, string>>>> = {
  light: {
    '--pw-bg': '#ffffff',
    '--pw-bg-2': '#f1f3f5',
    '--pw-bg-3': '#e9ecef',
    '--pw-fg': '#141414',
    '--pw-fg-2': '#4a4a4a',
    '--pw-border': 'rgba(0,0,0,0.1)',
    '--pw-overlay': 'rgba(0,0,0,0.35)',
    '--pw-error': '#c92a2a',
    '--pw-warning': '#8f5000',
    '--pw-success': '#237032',
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
    '--pw-warning': '#ffc078',
    '--pw-success': '#8ce99a',
  },
}

/** The accent when the host names none. */
export const defaultAccent: Readonly<Record<ThemeMode, string>> = { light: '#1864ab', dark: '#4dabf7' }

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

export function propertiesToCss(selector: string, properties: Readonly<Record<string, string>>): string {
  return `${selector}{${Object.entries(properties)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`
}
