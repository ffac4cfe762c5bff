import { describe, expect, it } from 'vitest'
import { namesErrorTexts } from '../../../modal/names/errors.js'
import { minNameLength, nameRuleIssue } from '../../../modal/names/nameRule.js'

const text = (label: string, profileName?: string) => {
  const issue = nameRuleIssue(label, profileName)
  return issue && namesErrorTexts[issue]
}

describe('the account name rule', () => {
  it('NAME-01 letters, digits and hyphens are accepted (alice-01); a space, underscore, dot or non-ASCII letter is refused', () => {
    for (const name of ['alice-01', 'Alice-01', 'ALICE', '0000', '----', 'a-b-c-d-e-f'])
      expect(nameRuleIssue(name), name).toBeUndefined()
    for (const name of ['al ice', 'ali_ce', 'ali.ce', 'alice!', 'ali\u200dce'])
      expect(text(name), name).toBe('Can only contain letters, numbers and - characters')
  })

  it('NAME-01 "letters" is read as ASCII a–z and A–Z only: letters of other scripts and accented letters are refused', () => {
    // The documented reading (modal/names/nameRule.ts): é, ß, Cyrillic а, Greek α, full-width ａ are letters
    // to Unicode but not to the rule.
    for (const name of ['alicé', 'straße', 'аlice', 'αlice', 'ａlice', 'ålice'])
      expect(text(name), name).toBe('Can only contain letters, numbers and - characters')
  })

  it('NAME-02 a name of 3 characters is refused and one of 4 is accepted', () => {
    expect(minNameLength).toBe(4)
    expect(text('abc')).toBe('Name must be at least 4 characters long')
    expect(text('')).toBe('Name must be at least 4 characters long')
    expect(nameRuleIssue('abcd')).toBeUndefined()
  })

  it("an account that has a name is told 'You already own a name' whatever it types", () => {
    expect(text('alice-02', 'alice.pairwise.eth')).toBe('You already own a name')
  })
})
