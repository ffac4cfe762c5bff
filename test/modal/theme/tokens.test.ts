import { describe, expect, it } from 'vitest'
import { modalCss } from '../../../modal/theme/styles.js'
import {
  animationMs,
  propertiesToCss,
  systemFontStack,
  themeProperties,
} from '../../../modal/theme/tokens.js'

describe('theme tokens', () => {
  it('CONST-01 animations: overlay fade 120 ms, card entrance 150 ms, view change 150 ms', () => {
    expect(animationMs).toEqual({ overlay: 120, card: 150, view: 150 })
    expect(modalCss).toMatch(/\.overlay\{[^}]*animation:fade 120ms/)
    expect(modalCss).toMatch(/\.card\{[^}]*animation:rise 150ms/)
    expect(modalCss).toMatch(/\.body\{[^}]*animation:fade 150ms/)
  })

  it('themeMode picks the palette; themeVariables override accent, font, radius, z-index and QR colour', () => {
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

  it('uses system fonts only unless the host names a font', () => {
    expect(themeProperties('light')['--pw-font']).toBe(systemFontStack)
    // Addresses and URIs: the system's monospace face, or the host's through --w3m-font-family-mono.
    expect(themeProperties('light')['--pw-font-mono']).toBe('ui-monospace, monospace')
    expect(modalCss).toMatch(/\.uri\{font-family:var\(--pw-font-mono\)/)
    expect(modalCss).not.toMatch(/@import|@font-face|url\(/)
  })

  it('writes properties as one CSS rule', () => {
    expect(propertiesToCss(':host', { '--a': '1', '--b': 'x y' })).toBe(':host{--a:1;--b:x y}')
  })
})
