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
