import { describe, expect, it } from 'vitest'
import { clipText } from '../../../../modal/ui/components/clipText.js'

describe('clipText: a text bounded for display', () => {
  it('keeps a text as long as the bound whole', () => {
    expect(clipText('abcde', 5)).toBe('abcde')
  })

  it('cuts a longer text to the bound, its last character an ellipsis', () => {
    expect(clipText('abcdef', 5)).toBe('abcd…')
  })

  it('never leaves half of a character written as two UTF-16 units at the cut', () => {
    // 'abc' then an emoji (two units) across the cut: the emoji goes whole rather than leaving a lone surrogate.
    expect(clipText('abc😀def', 5)).toBe('abc…')
  })
})
