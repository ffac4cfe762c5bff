import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Picker, type PickerOption } from '../../../../modal/ui/components/Picker.js'
import { pickerKey } from '../../../../modal/ui/components/pickerKeys.js'

const closed = (active: number) => ({ open: false, active })
const open = (active: number) => ({ open: true, active })

describe('the picker’s keys (the WAI-ARIA select-only combobox, issue 33)', () => {
  it('closed: the arrows, Enter and Space open it on the chosen option; Home and End on the first and last', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' '])
      expect(pickerKey(closed(2), key, 5)).toEqual({ open: true, active: 2, choose: false })
    expect(pickerKey(closed(2), 'Home', 5)).toEqual({ open: true, active: 0, choose: false })
    expect(pickerKey(closed(2), 'End', 5)).toEqual({ open: true, active: 4, choose: false })
  })

  it('closed: Escape, Tab and typing are not its keys (Escape then closes the modal, Tab moves on)', () => {
    for (const key of ['Escape', 'Tab', 'a', 'PageDown']) expect(pickerKey(closed(0), key, 5)).toBeUndefined()
  })

  it('open: the arrows move one, stopping at either end; Home, End, PageUp and PageDown jump', () => {
    expect(pickerKey(open(1), 'ArrowDown', 3)).toEqual({ open: true, active: 2, choose: false })
    expect(pickerKey(open(2), 'ArrowDown', 3)).toEqual({ open: true, active: 2, choose: false })
    expect(pickerKey(open(1), 'ArrowUp', 3)).toEqual({ open: true, active: 0, choose: false })
    expect(pickerKey(open(0), 'ArrowUp', 3)).toEqual({ open: true, active: 0, choose: false })
    expect(pickerKey(open(1), 'Home', 3)).toEqual({ open: true, active: 0, choose: false })
    expect(pickerKey(open(1), 'End', 3)).toEqual({ open: true, active: 2, choose: false })
    expect(pickerKey(open(3), 'PageDown', 30)).toEqual({ open: true, active: 13, choose: false })
    expect(pickerKey(open(3), 'PageUp', 30)).toEqual({ open: true, active: 0, choose: false })
  })

  it('open: Enter, Space, Tab and Alt+ArrowUp choose the active option and close; Escape closes choosing nothing', () => {
    for (const key of ['Enter', ' ', 'Tab'])
      expect(pickerKey(open(1), key, 3)).toEqual({ open: false, active: 1, choose: true })
    expect(pickerKey(open(1), 'ArrowUp', 3, true)).toEqual({ open: false, active: 1, choose: true })
    expect(pickerKey(open(1), 'Escape', 3)).toEqual({ open: false, active: 1, choose: false })
    expect(pickerKey(open(1), 'x', 3)).toBeUndefined()
  })

  it('with no option nothing is its key', () => {
    for (const key of ['ArrowDown', 'Enter', 'Escape']) expect(pickerKey(open(0), key, 0)).toBeUndefined()
  })
})

const methods: PickerOption[] = [
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank transfer', detail: '0.5 %' },
]
const render = (props: Partial<Parameters<typeof Picker>[0]>) =>
  renderToStaticMarkup(
    createElement(Picker, {
      label: 'Payment method',
      options: methods,
      value: 'bank',
      onChange: () => undefined,
      ...props,
    }),
  )

describe('the picker as rendered (issue 33: no native select)', () => {
  it('a closed combobox labelled by its label, showing the chosen option and its detail, in the tab order', () => {
    const html = render({ testId: 'method' })
    expect(html).not.toContain('<select')
    const label = /<span class="picker-label" id="([^"]+)">Payment method<\/span>/.exec(html)?.[1]
    expect(label).toBeDefined()
    expect(html).toContain(
      `role="combobox" tabindex="0" aria-labelledby="${label}" aria-haspopup="listbox" aria-expanded="false"`,
    )
    expect(html).toContain('data-testid="method" data-value="bank"')
    expect(html).toContain('<span>Bank transfer</span><span class="picker-detail">0.5 %</span>')
    expect(html).not.toContain('role="listbox"')
    expect(html).not.toContain('aria-disabled="')
  })

  it('disabled, or with nothing to pick: out of the tab order and aria-disabled, drawn as a disabled input by its rules', () => {
    for (const html of [render({ disabled: true }), render({ options: [], value: '' })]) {
      expect(html).toContain('tabindex="-1"')
      expect(html).toContain('aria-disabled="true"')
    }
    // Readable, not faded: a neutral ground and the secondary text colour, as a disabled text input (componentCss).
    expect(render({})).toContain(
      '.picker-control[aria-disabled=true]{background:var(--pw-bg-2);color:var(--pw-fg-2);cursor:not-allowed}',
    )
  })
})
