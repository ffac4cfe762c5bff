import { describe, expect, it } from 'vitest'
import {
  componentCss,
  controlCss,
  palettes,
  propertiesToCss,
  systemFontStack,
  type ThemeVariables,
  themeProperties,
  themeValueChecks,
} from '../../common/theme/index.js'

/** WCAG 2 contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('the shared theme (the modal and the secure frame)', () => {
  it('VIEW-11 themeMode picks the palette; themeVariables override accent, font, radius, z-index and QR colour', () => {
    expect(themeProperties('light')['--pw-bg']).toBe('#ffffff')
    expect(themeProperties('dark')['--pw-bg']).toBe('#191a1a')
    const themed = themeProperties('dark', {
      '--w3m-accent': '#ff00aa',
      '--w3m-font-family': 'Georgia, serif',
      '--w3m-font-family-mono': 'Courier, monospace',
      '--w3m-border-radius-master': '2px',
      '--w3m-z-index': 99,
      '--w3m-qr-color': '#123456',
      '--w3m-font-size-master': '12px',
    })
    expect(themed).toMatchObject({
      '--pw-accent': '#ff00aa',
      '--pw-font': 'Georgia, serif',
      '--pw-font-mono': 'Courier, monospace',
      '--pw-radius': 'calc(2px * 4)',
      '--pw-z': '99',
      '--pw-qr': '#123456',
      '--pw-font-size': '12px',
      '--pw-fg': '#f5f5f5',
    })
    expect(
      themeProperties('light', { '--w3m-color-mix': '#00ff00', '--w3m-color-mix-strength': 20 })['--pw-bg'],
    ).toBe('color-mix(in srgb, #00ff00 20%, #ffffff)')
  })

  it('VIEW-11 uses system fonts only unless the host names a font', () => {
    expect(themeProperties('light')['--pw-font']).toBe(systemFontStack)
    // Addresses and URIs: the system's monospace face, or the host's through --w3m-font-family-mono.
    expect(themeProperties('light')['--pw-font-mono']).toBe('ui-monospace, monospace')
    expect(controlCss + componentCss).not.toMatch(/@import|@font-face|url\(/)
  })

  it('VIEW-11 writes properties as one CSS rule', () => {
    expect(propertiesToCss(':host', { '--a': '1', '--b': 'x y' })).toBe(':host{--a:1;--b:x y}')
  })

  it('VIEW-11 (issue 33) every text colour reads at 4.5:1 on every background of its palette, the default accent’s label too', () => {
    for (const mode of ['light', 'dark'] as const) {
      const p = themeProperties(mode)
      for (const text of ['--pw-fg', '--pw-fg-2', '--pw-error', '--pw-warning', '--pw-success'])
        for (const ground of ['--pw-bg', '--pw-bg-2', '--pw-bg-3'])
          expect(
            contrast(p[text] as string, p[ground] as string),
            `${mode} ${text} on ${ground}`,
          ).toBeGreaterThan(4.5)
      expect(contrast(p['--pw-accent-fg'] as string, p['--pw-accent'] as string), mode).toBeGreaterThan(4.5)
    }
    expect(Object.keys(palettes.light).sort()).toEqual(Object.keys(palettes.dark).sort())
  })

  it('VIEW-11 (issue 33) a disabled button is drawn in the neutral ground and the secondary text colour, not translucent', () => {
    expect(controlCss).toContain(
      '.primary:disabled,.secondary:disabled{background:var(--pw-bg-3);color:var(--pw-fg-2);cursor:not-allowed}',
    )
    expect(controlCss + componentCss).not.toMatch(/opacity:\s*\.|opacity:0/)
  })
})

/** Values an app writes for each kind of theme variable: all go into the stylesheet as written. */
const written = {
  colours: [
    '#f00',
    '#ff00aa',
    '#ff00aa80',
    'rebeccapurple',
    'transparent',
    'rgb(1, 2, 3)',
    'rgba(0,0,0,0.1)',
  ],
  modernColours: ['rgb(0 0 0 / 50%)', 'hsl(210deg 50% 40%)', 'hsla(210, 50%, 40%, .5)'],
  lengths: ['1px', '2px', '12px', '0.5rem', '1.25em', '50%'],
  fonts: [
    'Georgia, serif',
    'Courier, monospace',
    systemFontStack,
    "'Pinned Noto Sans', 'Pinned Noto Sans Arabic', 'Pinned Noto Sans Symbols 2'",
    '"Hiragino Kaku Gothic ProN", メイリオ, sans-serif',
  ],
}

/** Values that would leave their declaration or fetch from a host nobody configured. */
const hostile = [
  '#000;}:host{display:none',
  'red}body{background:red',
  'url(//tracker.example/p.png)',
  'url(https://x.example/a)',
  'red /* a comment',
  'red\\3b',
  'red\ndisplay:none',
  '<style>',
  'image-set("//x.example/a.png" 1x)',
  'red;',
  '',
  'var(--brand, url(//tracker.example/p.png))',
  'color-mix(in srgb, red 10%, blue);x',
  'rgb(1 2 3)}:host{display:none',
  'calc(1px /**/ 2)',
  'calc(1px */ 2)',
  'calc(1px*/2)',
  'calc(1px/*/2)',
  'calc(1px/**/2)',
  'var(--a) url(//x.example/a)',
  'attr(data-x)',
  'env(safe-area-inset-top)',
  'expression(alert(1))',
  "'Inter', url(//x.example/f.woff2)",
  `calc(${'('.repeat(40)}1px${')'.repeat(40)})`,
  `var(--${'x'.repeat(300)})`,
]

describe('theme values (config is a trust boundary: each reaches a stylesheet as written)', () => {
  it('takes the colours, lengths and font families apps write, in the forms CSS has for them', () => {
    const {
      '--w3m-accent': colour,
      '--w3m-border-radius-master': length,
      '--w3m-font-family': font,
    } = themeValueChecks
    for (const value of [...written.colours, ...written.modernColours])
      expect(colour.accepts(value), value).toBe(true)
    for (const value of written.lengths) expect(length.accepts(value), value).toBe(true)
    for (const value of written.fonts) expect(font.accepts(value), value).toBe(true)
    expect(themeProperties('light', { '--w3m-accent': 'hsl(210deg 50% 40%)' })['--pw-accent']).toBe(
      'hsl(210deg 50% 40%)',
    )
  })

  it("takes what AppKit apps set from their own stylesheet: var() of the page's properties, color-mix(), calc(), 0, next/font's generated family names", () => {
    const {
      '--w3m-accent': colour,
      '--w3m-border-radius-master': length,
      '--w3m-font-family': font,
    } = themeValueChecks
    for (const value of [
      'var(--brand)',
      'var(--brand, #1864AB)',
      'hsl(var(--primary))',
      'hsl(var(--primary) / 0.8)',
      'color-mix(in srgb, var(--brand) 80%, transparent)',
      'oklch(62.8% 0.25 29.23)',
      '#FF00AA',
    ])
      expect(colour.accepts(value), value).toBe(true)
    for (const value of [
      '0',
      '1.5em',
      'var(--radius)',
      'calc(var(--radius) - 2px)',
      'calc(0.5rem * 2)',
      'calc(var(--radius)*2)',
      'calc(var(--radius)/4)',
    ])
      expect(length.accepts(value), value).toBe(true)
    for (const value of [
      "'Inter', -apple-system, sans-serif",
      'var(--font-inter), sans-serif',
      "'__Inter_d65c78', '__Inter_Fallback_d65c78'",
      '"SF Pro Text", "Helvetica Neue", Arial',
    ])
      expect(font.accepts(value), value).toBe(true)
    expect(themeProperties('dark', { '--w3m-accent': 'var(--brand)' })['--pw-accent']).toBe('var(--brand)')
  })

  it('a value that would add rules, load from another host or hide in a comment never reaches the stylesheet; the default stays', () => {
    const defaults = themeProperties('dark')
    const names = Object.keys(themeValueChecks) as (keyof ThemeVariables)[]
    for (const name of names)
      for (const value of hostile) {
        expect(themeValueChecks[name].accepts(value), `${name}: ${value}`).toBe(false)
        const css = propertiesToCss(':host', themeProperties('dark', { [name]: value }))
        expect(css, `${name}: ${value}`).toBe(propertiesToCss(':host', defaults))
      }
  })

  it('writes the value it checked, even from an object that reads as another value the second time', () => {
    let reads = 0
    const shifty = { toString: () => (reads++ === 0 ? 'red' : 'red;}:host{display:none') }
    const accent = themeProperties('dark', { '--w3m-accent': shifty as unknown as string })['--pw-accent']
    expect(accent).toBe('red')
  })

  it('refuses what is not a value of that kind: a length for a colour, a colour for a length, a size with no unit', () => {
    const {
      '--w3m-accent': colour,
      '--w3m-font-size-master': length,
      '--w3m-z-index': zIndex,
    } = themeValueChecks
    expect(colour.accepts('12px')).toBe(false)
    expect(colour.accepts('calc(1px)')).toBe(false)
    expect(length.accepts('#fff')).toBe(false)
    expect(length.accepts('12')).toBe(false)
    expect(length.accepts('rgb(1 2 3)')).toBe(false)
    expect(zIndex.accepts('9.5')).toBe(false)
    expect(themeValueChecks['--w3m-color-mix-strength'].accepts('101')).toBe(false)
  })
})
