import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { pickerKey } from './pickerKeys.js'

export type PickerOption = {
  value: string
  label: string
  /** A second, muted part of the row (a token's name beside its symbol). */
  detail?: string | undefined
}

/**
 * The picker's rules, in its own chunk with it: only views that pick something load them, never the first load.
 * Every colour is a theme variable, every side a logical one, so both themes and right-to-left need nothing more.
 */
const pickerStyles =
  '.picker{display:flex;flex-direction:column;gap:4px;width:100%;text-align:start;font-size:.9em}' +
  '.picker-control{display:flex;align-items:center;gap:8px;min-height:42px;padding:10px 12px;border-radius:calc(var(--pw-radius,12px) - 4px);border:1px solid var(--pw-border);background:transparent;cursor:pointer}' +
  '.picker-control:hover{background:var(--pw-bg-2)}' +
  '.picker-control[aria-disabled=true]{background:var(--pw-bg-2);color:var(--pw-fg-2);cursor:not-allowed}' +
  '.picker-value{flex:1;min-width:0;display:flex;align-items:baseline;gap:8px;white-space:nowrap}' +
  '.picker-value>span{overflow:hidden;text-overflow:ellipsis}' +
  '.picker-detail{min-width:0;color:var(--pw-fg-2);font-size:.9em;font-weight:400}' +
  '.picker-icon{flex:none;width:16px;height:16px}' +
  '.picker-control[aria-expanded=true] .picker-icon{transform:rotate(180deg)}' +
  '.picker-list{display:flex;flex-direction:column;gap:2px;padding:4px;max-height:220px;overflow:auto;border:1px solid var(--pw-border);border-radius:calc(var(--pw-radius,12px) - 4px);background:var(--pw-bg)}' +
  '.picker-option{display:flex;align-items:center;gap:8px;min-height:40px;padding:8px 10px;border-radius:calc(var(--pw-radius,12px) - 6px);cursor:pointer}' +
  '.picker-option:hover,.picker-option[data-active]{background:var(--pw-bg-2)}' +
  '.picker-option[aria-selected=true]{font-weight:600}' +
  '.picker-option .picker-icon{color:var(--pw-accent)}'

const chevron = (
  <svg className="picker-icon" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
)

const check = (
  <svg className="picker-icon" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
)

function Choice({ option }: { option: PickerOption | undefined }) {
  return (
    // Each part its own flex item, so right to left puts the label first at the right, not the two runs of
    // Latin text side by side as one.
    <span className="picker-value">
      <span>{option?.label}</span>
      {option?.detail ? <span className="picker-detail">{option.detail}</span> : null}
    </span>
  )
}

/**
 * The modal's own select, for views that pick one of a list (Send's token, Onramp's currency and payment
 * method): a select-only combobox (WAI-ARIA APG) whose options open as rows under it, in the card's flow, so
 * nothing overflows or is clipped by the card. Focus stays on the control; the keyboard moves the active option
 * (pickerKeys.ts), Escape closes the list without closing the modal, leaving the control closes it too.
 * `testId` names the control, whose `data-value` is the chosen value; each option carries its own `data-value`.
 */
export function Picker({
  label,
  options,
  value,
  onChange,
  testId,
  disabled = false,
}: {
  label: string
  options: readonly PickerOption[]
  value: string
  onChange: (value: string) => void
  testId?: string
  disabled?: boolean
}) {
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const selected = options.findIndex((option) => option.value === value)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const off = disabled || options.length === 0
  const isOpen = open && !off

  useEffect(() => {
    if (isOpen) list.current?.children[active]?.scrollIntoView({ block: 'nearest' })
  }, [isOpen, active])

  const show = (at: number) => {
    setActive(at)
    setOpen(true)
  }
  const choose = (at: number) => {
    setOpen(false)
    const option = options[at]
    if (option && option.value !== value) onChange(option.value)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (off) return
    const from = isOpen ? active : Math.max(0, selected)
    const move = pickerKey({ open: isOpen, active: from }, event.key, options.length, event.altKey)
    if (!move) return
    // Tab chooses and still moves focus on (through the dialog's focus trap); Escape on an open list closes the
    // list, not the modal.
    if (event.key !== 'Tab') {
      event.preventDefault()
      event.stopPropagation()
    }
    if (move.choose) choose(move.active)
    else if (move.open) show(move.active)
    else setOpen(false)
  }

  return (
    <div className="picker">
      <span className="picker-label" id={`${id}label`}>
        {label}
      </span>
      <div
        className="picker-control"
        role="combobox"
        tabIndex={off ? -1 : 0}
        aria-labelledby={`${id}label`}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}list` : undefined}
        aria-activedescendant={isOpen ? `${id}option${active}` : undefined}
        aria-disabled={off || undefined}
        data-testid={testId}
        data-value={value}
        onClick={() => {
          if (off) return
          if (isOpen) setOpen(false)
          else show(Math.max(0, selected))
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <Choice option={options[selected]} />
        {chevron}
      </div>
      {isOpen ? (
        <div
          className="picker-list"
          id={`${id}list`}
          role="listbox"
          aria-labelledby={`${id}label`}
          ref={list}
          // A press on an option or the list's scroll bar must not take focus from the control, which would close it.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, at) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses on the control, which keeps focus (aria-activedescendant).
            <div
              key={option.value}
              id={`${id}option${at}`}
              className="picker-option"
              role="option"
              tabIndex={-1}
              aria-selected={at === selected}
              data-active={at === active ? '' : undefined}
              data-value={option.value}
              // Only a pointer that moves takes over: a list opened by keyboard under a resting pointer gets
              // hover events from the browser as it lays the list out, which would undo the arrows' moves.
              onMouseMove={(event) => {
                if (event.movementX !== 0 || event.movementY !== 0) setActive(at)
              }}
              onClick={() => choose(at)}
            >
              <Choice option={option} />
              {at === selected ? check : null}
            </div>
          ))}
        </div>
      ) : null}
      <style>{pickerStyles}</style>
    </div>
  )
}
