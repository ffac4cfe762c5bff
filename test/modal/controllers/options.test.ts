import { describe, expect, it } from 'vitest'
import { OptionsError, resolveOptions } from '../../../modal/controllers/options.js'
import { ethereum } from '../../../modal/networks/presets.js'

describe('createAppKit options', () => {
  it('keeps the caller network objects and defaults adapters to none', () => {
    const options = resolveOptions({ networks: [ethereum], themeMode: 'dark' })
    expect(options.networks[0]).toBe(ethereum)
    expect(options.adapters).toEqual([])
    expect(options.themeMode).toBe('dark')
  })

  it('rejects what AppKit would not accept, naming the option', () => {
    const invalid = (options: unknown) => () =>
      resolveOptions(options as Parameters<typeof resolveOptions>[0])
    expect(invalid({ networks: [] })).toThrow(
      new OptionsError('Invalid createAppKit options: networks: networks must name at least one network'),
    )
    expect(invalid({ networks: [ethereum], themeMode: 'blue' })).toThrow(
      'Invalid createAppKit options: themeMode: Invalid option: expected one of "light"|"dark"',
    )
    expect(invalid({ networks: [ethereum], relayUrl: 'https://relay.example' })).toThrow(
      'relayUrl must be a ws:// or wss:// URL',
    )
    expect(invalid({ networks: [ethereum], themeVariables: { '--w3m-z-index': '9' } })).toThrow(
      /--w3m-z-index/,
    )
    expect(invalid({ networks: [ethereum], features: { connectMethodsOrder: ['phone'] } })).toThrow(
      /connectMethodsOrder/,
    )
  })

  it('refuses a theme value that would reach the stylesheet as more than a value, naming the variable', () => {
    const themed = (themeVariables: Record<string, unknown>) => () =>
      resolveOptions({ networks: [ethereum], themeVariables } as Parameters<typeof resolveOptions>[0])
    expect(themed({ '--w3m-accent': '#000;}:host{display:none' })).toThrow(
      new OptionsError(
        'Invalid createAppKit options: themeVariables.--w3m-accent: a colour: #hex, a colour name, rgb(), hsl(), oklch(), color-mix() or var()',
      ),
    )
    expect(themed({ '--w3m-font-family': 'x, url(//tracker.example/font.woff2)' })).toThrow(
      /^Invalid createAppKit options: themeVariables\.--w3m-font-family: font family names/,
    )
    expect(themed({ '--w3m-border-radius-master': '4px}*{color:red' })).toThrow(
      'themeVariables.--w3m-border-radius-master: a length: 0, a number in px, rem, em, %, vw, vh, vmin, vmax, ch, ex or pt, calc() or var()',
    )
    expect(themed({ '--w3m-color-mix-strength': 150 })).toThrow(
      'themeVariables.--w3m-color-mix-strength: a percentage from 0 to 100',
    )
    const accepted = {
      '--w3m-accent': 'rgb(24 100 171 / 90%)',
      '--w3m-color-mix': '#00ff00',
      '--w3m-color-mix-strength': 20,
      '--w3m-font-family': "'Inter', system-ui, sans-serif",
      '--w3m-font-family-mono': 'Courier, monospace',
      '--w3m-font-size-master': '12px',
      '--w3m-border-radius-master': '0.25rem',
      '--w3m-z-index': 99,
      '--w3m-qr-color': 'black',
    }
    expect(themed(accepted)().themeVariables).toEqual(accepted)
  })

  it('takes the theme values AppKit apps write from their own stylesheet: var(), color-mix(), 0 and a font stack led by a quoted name', () => {
    const themeVariables = {
      '--w3m-accent': 'hsl(var(--primary))',
      '--w3m-color-mix': 'color-mix(in srgb, var(--brand) 80%, transparent)',
      '--w3m-font-family': "'Inter', -apple-system, sans-serif",
      '--w3m-font-family-mono': 'var(--font-mono), monospace',
      '--w3m-border-radius-master': '0',
      '--w3m-font-size-master': 'var(--font-size)',
      '--w3m-qr-color': '#1A1B1F',
    }
    expect(resolveOptions({ networks: [ethereum], themeVariables }).themeVariables).toEqual(themeVariables)
  })

  it("VAL-13 a missing required field fails the schema checks with 'Required'", () => {
    const invalid = (options: unknown) => () =>
      resolveOptions(options as Parameters<typeof resolveOptions>[0])
    expect(invalid({})).toThrow(new OptionsError('Invalid createAppKit options: networks: Required'))
    expect(
      invalid({ networks: [ethereum], metadata: { name: 'App', url: 'https://a.example', icons: [] } }),
    ).toThrow(new OptionsError('Invalid createAppKit options: metadata.description: Required'))
  })

  it("VAL-14 a value matching none of a field's allowed forms fails the schema checks with 'Invalid input'", () => {
    const invalid = (options: unknown) => () =>
      resolveOptions(options as Parameters<typeof resolveOptions>[0])
    expect(invalid({ networks: [ethereum], features: { socials: 'google' } })).toThrow(
      new OptionsError('Invalid createAppKit options: features.socials: Invalid input'),
    )
    expect(invalid({ networks: [{ ...ethereum, id: true }] })).toThrow(
      new OptionsError('Invalid createAppKit options: networks.0.id: Invalid input'),
    )
  })
})
