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
})
