import { describe, expect, it } from 'vitest'
import { chainIdOfCoinType } from '../../../../services/api/names/coinType.js'
import { NamesError } from '../../../../services/api/names/errors.js'
import { acceptedLabel, acceptedZoneName } from '../../../../services/api/names/namePolicy.js'

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof NamesError) return error.message
    throw error
  }
  return 'accepted'
}

describe('the names label policy', () => {
  it('takes A–Z as a–z, so a name has one form whatever the case it was typed in', () => {
    expect(acceptedLabel('Alice-01')).toBe('alice-01')
    expect(acceptedZoneName('Alice-Test.Pairwise.ETH', 'pairwise.eth')).toEqual({
      label: 'alice-test',
      name: 'alice-test.pairwise.eth',
    })
  })

  it('NAME-01 refuses every character outside A–Z, a–z, 0–9 and -, even one ENSIP-15 would map onto them', () => {
    // Each would be registered as an ASCII name other than the text the wallet showed for signing.
    const lookAlikes = [
      'ａｂｃｄ', // full-width
      'ⓐlice', // circled
      '𝐚lice', // mathematical bold
      'ⅰⅱab', // roman numerals, which grow to `iiiab`
      'ﬁrst', // a ligature
      'al\u00adice', // soft hyphen, invisible
      'ali\u2060ce', // word joiner, invisible
      'ali\ufe0fce', // variation selector, invisible
    ]
    for (const label of lookAlikes) {
      expect(
        refusal(() => acceptedLabel(label)),
        label,
      ).toBe('Can only contain letters, numbers and - characters')
      expect(
        refusal(() => acceptedZoneName(`${label}.pairwise.eth`, 'pairwise.eth')),
        label,
      ).toBe('Can only contain letters, numbers and - characters')
    }
    // The Kelvin sign lower-cases to k: the zone is matched in ASCII too.
    expect(refusal(() => acceptedZoneName('alice.\u212ait.eth', 'kit.eth'))).toBe(
      'Name must end with .kit.eth',
    )
  })

  it('refuses what is not letters, digits and hyphens, 4 to 63 characters, no hyphen at either end', () => {
    const cases: [string, string][] = [
      ['abc', 'Name must be at least 4 characters long'],
      ['abcd', 'accepted'],
      ['al ice', 'Can only contain letters, numbers and - characters'],
      ['al_ice', 'Can only contain letters, numbers and - characters'],
      ['al.ice', 'Can only contain letters, numbers and - characters'],
      ['alicé', 'Can only contain letters, numbers and - characters'],
      ['ali😀', 'Can only contain letters, numbers and - characters'],
      ['xn--abcd', 'Can only contain letters, numbers and - characters'],
      ['-alice', 'Name cannot start or end with -'],
      ['alice-', 'Name cannot start or end with -'],
      ['a'.repeat(63), 'accepted'],
      ['a'.repeat(64), 'Name must be at most 63 characters long'],
    ]
    for (const [label, text] of cases)
      expect(
        refusal(() => acceptedLabel(label)),
        label,
      ).toBe(text)
  })

  it('requires the zone, naming the label problem first for a bare label', () => {
    expect(refusal(() => acceptedZoneName('alice.other.eth', 'pairwise.eth'))).toBe(
      'Name must end with .pairwise.eth',
    )
    expect(refusal(() => acceptedZoneName('abc', 'pairwise.eth'))).toBe(
      'Name must be at least 4 characters long',
    )
    expect(refusal(() => acceptedZoneName('alice', 'pairwise.eth'))).toBe('Name must end with .pairwise.eth')
    expect(refusal(() => acceptedZoneName(`${'a'.repeat(300)}.pairwise.eth`, 'pairwise.eth'))).toBe(
      'Name must be at most 63 characters long',
    )
  })

  it('reads ENSIP-11 coin types back to chain ids, and nothing from 2^31 on', () => {
    expect(chainIdOfCoinType(2147514985)).toBe(31337)
    expect(chainIdOfCoinType(2147483649)).toBe(1)
    expect(chainIdOfCoinType(60)).toBeUndefined()
    expect(chainIdOfCoinType(2 ** 32)).toBeUndefined()
    expect(chainIdOfCoinType(2 ** 32 + 1)).toBeUndefined()
    expect(chainIdOfCoinType(2147483648.5)).toBeUndefined()
  })
})
