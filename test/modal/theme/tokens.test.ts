import { describe, expect, it } from 'vitest'
import { modalCss } from '../../../modal/theme/styles.js'
import { animationMs } from '../../../modal/theme/tokens.js'

describe('theme tokens', () => {
  it('CONST-01 animations: overlay fade 120 ms, card entrance 150 ms, view change 150 ms', () => {
    expect(animationMs).toEqual({ overlay: 120, card: 150, view: 150 })
    expect(modalCss).toMatch(/\.overlay\{[^}]*animation:fade 120ms/)
    expect(modalCss).toMatch(/\.card\{[^}]*animation:rise 150ms/)
    expect(modalCss).toMatch(/\.body\{[^}]*animation:fade 150ms/)
  })

  it('the modal loads no font: its stylesheet names no font file, addresses and URIs use the mono token', () => {
    expect(modalCss).toMatch(/\.uri\{font-family:var\(--pw-font-mono\)/)
    expect(modalCss).not.toMatch(/@import|@font-face|url\(/)
  })
})
