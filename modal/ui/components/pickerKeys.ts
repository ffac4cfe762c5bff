/** Whether the picker's list is open, and which option the keyboard is on (shown as the active descendant). */
export type PickerState = { open: boolean; active: number }

/** What a key does: the next state, and whether the active option is chosen (the list then closes). */
export type PickerMove = PickerState & { choose: boolean }

const page = 10

/**
 * The WAI-ARIA select-only combobox's keys, as a pure function of the state, the key and the count of options:
 * closed, the arrows, Enter, Space, Home and End open it (Home and End on the first and last option); open, the
 * arrows, Home, End and PageUp/PageDown move, Enter, Space, Tab and Alt+ArrowUp choose, Escape closes.
 * `undefined`: not the picker's key, so it keeps its default (typing, Tab out of a closed picker, Escape on a
 * closed picker closing the modal).
 */
export function pickerKey(
  state: PickerState,
  key: string,
  count: number,
  alt = false,
): PickerMove | undefined {
  if (count === 0) return undefined
  const last = count - 1
  const at = (active: number, choose = false): PickerMove => ({
    open: !choose,
    active: Math.min(last, Math.max(0, active)),
    choose,
  })
  if (!state.open)
    switch (key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'Enter':
      case ' ':
        return at(state.active)
      case 'Home':
        return at(0)
      case 'End':
        return at(last)
      default:
        return undefined
    }
  switch (key) {
    case 'ArrowDown':
      return at(state.active + 1)
    case 'ArrowUp':
      return alt ? at(state.active, true) : at(state.active - 1)
    case 'Home':
      return at(0)
    case 'End':
      return at(last)
    case 'PageDown':
      return at(state.active + page)
    case 'PageUp':
      return at(state.active - page)
    case 'Enter':
    case ' ':
    case 'Tab':
      return at(state.active, true)
    case 'Escape':
      return { open: false, active: state.active, choose: false }
    default:
      return undefined
  }
}
