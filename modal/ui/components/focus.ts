const focusable =
  'button:not([disabled]),a[href],input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)]
}

/** The focused element, looking through open shadow roots (the opener usually sits in a button's shadow). */
export function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}
