import { otpLength } from '@pairwise/engine/frame'
import { el, showScreen } from './dom.js'
import { revealHidden } from './revealHidden.js'
import { visibilityGate } from './visibilityGate.js'

export type Row = { label: string; value: string; tone?: 'minus' | 'plus' | 'warn' }

/** Rejected when the host aborts what the screen waits for (the host then shows its own error). */
export class ScreenAborted extends Error {
  override name = 'ScreenAborted'
}

function abortable<T>(signal: AbortSignal, run: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ScreenAborted())
    signal.addEventListener('abort', () => reject(new ScreenAborted()), { once: true })
    run(resolve)
  })
}

/** Only a real click of the user's counts, not one dispatched by script (defence in depth: host scripts cannot reach this document). */
function onTrustedClick(button: HTMLButtonElement, act: () => void): void {
  button.addEventListener('click', (event) => {
    if (event.isTrusted) act()
  })
}

export function idleScreen(hostOrigin: string): void {
  showScreen(el('p', { class: 'muted' }, `Secure wallet for ${hostOrigin}`))
}

/** Something the user does elsewhere (e.g. in their mailbox) while the frame waits: a title and a line. */
export function noticeScreen(title: string, detail: string): void {
  showScreen(el('h1', {}, title), el('p', { 'data-testid': 'frame-notice' }, detail))
}

/**
 * A form with one field: `submit` answers an error text to show (and the field stays for another try)
 * or undefined when the value was taken.
 */
function fieldScreen(
  signal: AbortSignal,
  spec: {
    title: string
    detail: string
    input: Partial<Record<string, string>>
    action: string
    testId: string
    check?: (value: string) => string | undefined
    submit: (value: string) => Promise<string | undefined>
  },
): Promise<void> {
  return abortable(signal, (resolve) => {
    const input = el('input', {
      ...spec.input,
      class: 'input',
      'data-testid': `${spec.testId}-input`,
      'aria-label': spec.title,
    })
    const error = el('p', { class: 'error', role: 'alert', 'data-testid': `${spec.testId}-error` })
    const button = el(
      'button',
      { type: 'submit', class: 'primary', 'data-testid': `${spec.testId}-submit` },
      spec.action,
    )
    const form = el(
      'form',
      { class: 'form' },
      el('h1', {}, spec.title),
      el('p', { class: 'muted' }, spec.detail),
      input,
      error,
      button,
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const value = input.value
      const problem = spec.check?.(value)
      if (problem) {
        error.textContent = problem
        return
      }
      button.disabled = true
      error.textContent = ''
      spec
        .submit(value)
        .then((failure) => {
          if (failure === undefined) return resolve()
          error.textContent = failure
          input.value = ''
          input.focus()
        })
        .catch((failure: unknown) => {
          error.textContent = failure instanceof Error ? failure.message : 'Something went wrong'
        })
        .finally(() => {
          button.disabled = false
        })
    })
    showScreen(form)
    input.focus()
  })
}

/** The one-time code typed here, inside the frame: it never passes through the host page's JavaScript. */
export function codeScreen(
  signal: AbortSignal,
  {
    title,
    detail,
    submit,
  }: { title: string; detail: string; submit: (code: string) => Promise<string | undefined> },
): Promise<void> {
  return fieldScreen(signal, {
    title,
    detail,
    input: {
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: `[0-9]{${otpLength}}`,
      maxlength: String(otpLength),
      required: '',
    },
    action: 'Continue',
    testId: 'frame-code',
    check: (code) =>
      new RegExp(`^\\d{${otpLength}}$`).test(code) ? undefined : `Enter the ${otpLength}-digit code`,
    submit,
  })
}

export function passphraseScreen(
  signal: AbortSignal,
  spec: {
    title: string
    detail: string
    action: string
    check?: (value: string) => string | undefined
    submit: (value: string) => Promise<string | undefined>
  },
): Promise<void> {
  return fieldScreen(signal, {
    ...spec,
    input: { type: 'password', autocomplete: 'new-password', required: '' },
    testId: 'frame-passphrase',
  })
}

export function typedConfirmScreen(signal: AbortSignal, word: string, detail: string): Promise<void> {
  return fieldScreen(signal, {
    title: 'Export your wallet',
    detail,
    input: { type: 'text', autocomplete: 'off', spellcheck: 'false', required: '' },
    action: 'Show',
    testId: 'frame-confirm',
    check: (value) => (value.trim().toLowerCase() === word ? undefined : `Type ${word} to continue`),
    submit: async () => undefined,
  })
}

/**
 * What a request will do, and Approve / Reject. Approve takes a click only while the frame has been
 * visible for the approval delay (visibilityGate), still is at the click, and only a trusted one.
 */
export function approvalScreen(
  signal: AbortSignal,
  {
    title,
    origin,
    dappName,
    rows,
    warning,
  }: { title: string; origin: string; dappName?: string; rows: Row[]; warning?: string },
): Promise<boolean> {
  return abortable(signal, (resolve) => {
    const list = el(
      'dl',
      { class: 'facts', 'data-testid': 'frame-preview' },
      ...rows.flatMap((row) => [
        el('dt', {}, revealHidden(row.label)),
        el('dd', row.tone ? { class: row.tone } : {}, revealHidden(row.value)),
      ]),
    )
    const approve = el(
      'button',
      { type: 'button', class: 'primary', 'data-testid': 'frame-approve', disabled: '' },
      'Approve',
    )
    const reject = el(
      'button',
      { type: 'button', class: 'secondary', 'data-testid': 'frame-reject' },
      'Reject',
    )
    const actions = el('div', { class: 'actions' }, reject, approve)
    const approval = el(
      'div',
      { class: 'approval' },
      el('h1', {}, title),
      // The origin is checked (the channel's); the name is only what the page calls itself.
      el(
        'p',
        { class: 'muted', 'data-testid': 'frame-origin' },
        dappName ? `Requested by ${origin} (“${revealHidden(dappName)}”)` : `Requested by ${origin}`,
      ),
      ...(warning ? [el('p', { class: 'alert warning', role: 'alert' }, warning)] : []),
      list,
      actions,
    )
    showScreen(approval)
    // The rows may shrink to scroll in a short frame, but not below three lines (or all of them when fewer):
    // in a frame too small to show them the approval does not fit, and its gate stays shut.
    const em = Number.parseFloat(getComputedStyle(list).fontSize)
    list.style.minHeight = `${Math.min(list.scrollHeight, 4.5 * em)}px`
    // All of the approval, not only the buttons: a page covering or clipping the title, the origin or the
    // rows while leaving the buttons clear would have the user approve what it drew there. The approval fits
    // the frame (its rows scroll in their own box, styles.css), so all of it can be in view at once; the
    // buttons are watched too, as in a frame too short they overflow the approval's box. The boxes, not the
    // button, whose look changes with its state: the browser's visibility check counts a target's own
    // translucency as not visible, and a host's theme must not be able to keep Approve off.
    const gate = visibilityGate([approval, actions], signal, (clickable) => {
      approve.disabled = !clickable
    })
    const finish = (approved: boolean) => {
      gate.stop()
      resolve(approved)
    }
    // Checked again at the click: a frame covered or hidden since the button was enabled refuses it.
    onTrustedClick(approve, () => {
      if (gate.clickable()) finish(true)
    })
    onTrustedClick(reject, () => finish(false))
  })
}

/** The secret, shown here and nowhere else; Done clears it from the page. */
export function secretScreen(
  signal: AbortSignal,
  { words, privateKey }: { words: string; privateKey: string },
): Promise<void> {
  return abortable(signal, (resolve) => {
    const done = el(
      'button',
      { type: 'button', class: 'primary', 'data-testid': 'frame-secret-done' },
      'Done',
    )
    onTrustedClick(done, () => {
      showScreen()
      resolve()
    })
    showScreen(
      el('h1', {}, 'Your recovery phrase'),
      el(
        'p',
        { class: 'alert warning' },
        'Anyone with these words controls the wallet. Write them down; never type them into a website.',
      ),
      el('p', { class: 'secret', 'data-testid': 'frame-secret-words' }, words),
      el('details', {}, el('summary', {}, 'Private key'), el('p', { class: 'secret' }, privateKey)),
      done,
    )
  })
}
