import { describe, expect, it } from 'vitest'
import { relayProfile } from '../../../../services/auth/farcaster/relayProfile.js'

describe("a relay's report of a Farcaster profile", () => {
  it('keeps an fname, a .eth or .base.eth name, and a display name in any script, emoji and flags included', () => {
    for (const username of [
      'ada',
      'a',
      'ada-lovelace-181',
      '0x',
      'ada.eth',
      'ada-lovelace-181.eth',
      'ada.base.eth',
    ])
      expect(relayProfile({ username }).username, username).toBe(username)
    for (const displayName of [
      'Ada',
      'Ada Lovelace 🧮',
      'Ådá ☕️ (she/her)',
      '李 小龍',
      '👩‍💻 Ada 🏳️‍🌈',
      'مُحَمَّد',
      'नमस्ते',
      '❤️ 👋🏽 1️⃣ #️⃣ 🇺🇸',
      'O’Brien',
      'x'.repeat(64),
    ])
      expect(relayProfile({ username: 'ada', displayName }).displayName, displayName).toBe(displayName)
    expect(relayProfile({ username: 'ada', displayName: '  Ada  ' }).displayName).toBe('Ada')
  })

  it('leaves out a username Farcaster would not issue', () => {
    for (const username of [
      '',
      'Ada',
      '-ada',
      'ada_lovelace',
      'ada lovelace',
      'a'.repeat(17),
      'ada.xyz',
      'ada.base.eth.eth',
      'ada\u202Egnp',
      'ada\n',
      '<script>',
    ])
      expect(relayProfile({ username }).username, JSON.stringify(username)).toBeUndefined()
  })

  it('leaves out a display name that is blank, too long, holds control or format characters, or hides text in tag characters or joiners out of place', () => {
    for (const displayName of [
      '',
      '   ',
      'x'.repeat(65),
      'Ada\u0007',
      'Ada\nLovelace',
      'Ada\u2028Lovelace',
      'Ada\u202Eecalevol',
      'Ada\u200B',
      'A\uFEFFda',
      'Ada\uD800',
      '\u200C\u200C',
      'Ada\u200C',
      '\u{E0041}',
      'Ada\u{E0068}\u{E0069}\u{E0064}\u{E0065}',
      '🏴\u{E0041}\u{E007F}',
      '🏴\u{E0061}\u{E0062}\u{E0063}\u{E0064}\u{E0065}\u{E0066}\u{E0067}\u{E007F}',
      '\u3164',
      'Ada\u3164',
      '\u2800',
      'Ada\u{E0100}\u{E0101}\u{E0102}',
      `A${'\u0301'.repeat(5)}`,
    ])
      expect(
        relayProfile({ username: 'ada', displayName }).displayName,
        JSON.stringify(displayName),
      ).toBeUndefined()
    expect(relayProfile({ username: 'ada', displayName: null }).displayName).toBeUndefined()
  })
})
