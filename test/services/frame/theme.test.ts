import { palettes } from '@pairwise/common/theme'
import { describe, expect, it } from 'vitest'
import { applyTheme } from '../../../services/frame/app/theme.js'

/** The page's root element, as far as applyTheme touches it. */
function fakeRoot(theme?: string) {
  const properties = new Map<string, string>()
  const root = {
    dataset: theme ? { theme } : ({} as DOMStringMap),
    style: { setProperty: (name: string, value: string) => void properties.set(name, value) },
  }
  return { root, properties }
}

describe('the frame’s theme (issue 33: the modal’s look)', () => {
  it('ENT-16 a synced theme sets the modal’s --pw-* properties of its mode, with the accent and radius it names', () => {
    const { root, properties } = fakeRoot()
    applyTheme(
      {
        themeMode: 'light',
        themeVariables: { '--w3m-accent': '#ff00aa', '--w3m-border-radius-master': '2px' },
      },
      root,
    )
    expect(root.dataset.theme).toBe('light')
    expect(properties.get('--pw-bg')).toBe(palettes.light['--pw-bg'])
    expect(properties.get('--pw-accent')).toBe('#ff00aa')
    expect(properties.get('--pw-accent-fg')).toBe('#0b0c0d')
    expect(properties.get('--pw-radius')).toBe('calc(2px * 4)')
  })

  it('ENT-16 keeps the mode it has when a sync names none, and ignores variables it does not honour or cannot read', () => {
    const { root, properties } = fakeRoot('dark')
    applyTheme(
      {
        themeVariables: {
          '--w3m-font-family': 'Evil',
          '--w3m-z-index': 1,
          '--w3m-accent': 'url(https://x.example/a)',
        },
      },
      root,
    )
    expect(root.dataset.theme).toBe('dark')
    expect(properties.get('--pw-bg')).toBe(palettes.dark['--pw-bg'])
    expect(properties.get('--pw-font')).not.toBe('Evil')
    expect(properties.get('--pw-z')).not.toBe('1')
    expect(properties.get('--pw-accent')).not.toContain('url(')
  })

  it('a host cannot make the approval unreadable: a text size outside a readable range is ignored, and the background keeps most of its own colour', () => {
    for (const size of ['0px', '1px', '64px', 'calc(1px)', '0.5em']) {
      const { root, properties } = fakeRoot('dark')
      applyTheme({ themeVariables: { '--w3m-font-size-master': size } }, root)
      expect(properties.get('--pw-font-size')).toBe('10px')
    }
    const { root, properties } = fakeRoot('dark')
    applyTheme({ themeVariables: { '--w3m-font-size-master': '12px' } }, root)
    expect(properties.get('--pw-font-size')).toBe('12px')
    for (const strength of [100, '100', 99, -50]) {
      const mixed = fakeRoot('dark')
      applyTheme(
        {
          themeVariables: {
            '--w3m-color-mix': palettes.dark['--pw-fg'] ?? '#f5f5f5',
            '--w3m-color-mix-strength': strength,
          },
        },
        mixed.root,
      )
      expect(mixed.properties.get('--pw-bg')).toBe(palettes.dark['--pw-bg'])
    }
    const tinted = fakeRoot('dark')
    applyTheme(
      { themeVariables: { '--w3m-color-mix': '#00ff00', '--w3m-color-mix-strength': 20 } },
      tinted.root,
    )
    expect(tinted.properties.get('--pw-bg')).toContain('#00ff00 20%')
  })
  it('takes an accent only as #rrggbb, whose label colour it works out: a white accent written another way left the approve label white on white', () => {
    for (const accent of ['white', 'rgb(255 255 255)', 'hsl(0 0% 100%)', '#fff']) {
      const { root, properties } = fakeRoot('light')
      applyTheme({ themeVariables: { '--w3m-accent': accent } }, root)
      expect(properties.get('--pw-accent'), accent).toBe('#1864ab')
    }
    const { root, properties } = fakeRoot('light')
    applyTheme({ themeVariables: { '--w3m-accent': '#FFFFFF' } }, root)
    expect([properties.get('--pw-accent'), properties.get('--pw-accent-fg')]).toEqual(['#FFFFFF', '#0b0c0d'])
  })
  it("ignores a colour or radius that reads the host page's custom properties: the frame has none, so the approval would lose its accent", () => {
    const { root, properties } = fakeRoot('light')
    applyTheme(
      {
        themeVariables: {
          '--w3m-accent': 'hsl(var(--primary))',
          '--w3m-color-mix': 'var(--brand)',
          '--w3m-color-mix-strength': 20,
          '--w3m-border-radius-master': 'var(--radius)',
        },
      },
      root,
    )
    expect(properties.get('--pw-accent')).toBe('#1864ab')
    expect(properties.get('--pw-bg')).toBe(palettes.light['--pw-bg'])
    expect(properties.get('--pw-radius')).toBe('calc(4px * 4)')
  })
})
