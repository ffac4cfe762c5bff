import type { Page } from '@playwright/test'

/** What the probe watches for, each checked on every animation frame once enough clicks happened. */
export type ProbeWatch = {
  readonly name: string
  /** Trusted presses (pointerdown) that must have happened before the watch starts. */
  readonly afterPresses: number
} & (
  | { readonly kind: 'connectButton' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'testId'; readonly testId: string; readonly containing: string }
)

type ProbeState = { marks: Record<string, number>; presses: number[] }

/**
 * Runs in the page before its scripts. Times are the page's own `performance.now()` (0 = navigation
 * start), checked once per frame, so they are as fine as a frame and carry none of the driver's polling
 * (Playwright's own waits back off to 500 ms steps). Open shadow roots are searched, slots followed.
 */
function probeScript(watches: readonly ProbeWatch[]) {
  const state: ProbeState = { marks: {}, presses: [] }
  Object.defineProperty(window, '__pairwiseBenchProbe', { value: state })
  performance.setResourceTimingBufferSize(100_000)
  // A latency starts when the pointer goes down, as a user feels it, not at the click that follows its release.
  window.addEventListener(
    'pointerdown',
    (event) => event.isTrusted && state.presses.push(event.timeStamp),
    true,
  )

  const rendered = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement
    if (!element?.checkVisibility({ visibilityProperty: true })) return false
    const range = document.createRange()
    range.selectNodeContents(node)
    const box = range.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const textNodes = (root: Node): Text[] => {
    const found: Text[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node instanceof Text) found.push(node)
      else if (node instanceof Element && node.shadowRoot) found.push(...textNodes(node.shadowRoot))
    }
    return found
  }
  /** Whether a node sits inside a button in the rendered (flattened) tree. */
  const inButton = (node: Node) => {
    for (let at: Node | null = node; at; ) {
      if (at instanceof HTMLButtonElement || (at instanceof Element && at.getAttribute('role') === 'button'))
        return true
      const slot: HTMLSlotElement | null =
        at instanceof Element || at instanceof Text ? at.assignedSlot : null
      at = slot ?? (at instanceof ShadowRoot ? at.host : at.parentNode)
    }
    return false
  }
  const holds = (watch: ProbeWatch): boolean => {
    switch (watch.kind) {
      case 'connectButton':
        return textNodes(document).some((t) => /connect/i.test(t.data) && inButton(t) && rendered(t))
      case 'text':
        return textNodes(document).some((t) => t.data.trim() === watch.text && rendered(t))
      case 'testId': {
        const element = document.querySelector(`[data-testid="${watch.testId}"]`)
        return (
          !!element &&
          (element.textContent ?? '').toLowerCase().includes(watch.containing.toLowerCase()) &&
          rendered(element)
        )
      }
    }
  }
  const check = () => {
    for (const watch of watches) {
      if (watch.name in state.marks || state.presses.length < watch.afterPresses) continue
      if (holds(watch)) state.marks[watch.name] = performance.now()
    }
    if (watches.some((w) => !(w.name in state.marks))) requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/** Installs the probe into every load of `page`. Call before `page.goto`. */
export async function installProbe(page: Page, watches: readonly ProbeWatch[]): Promise<void> {
  await page.addInitScript(probeScript, watches)
}

/** Waits until the probe has seen `name`, then returns when, in the page's clock. */
export async function markOf(page: Page, name: string, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    (mark) => (window as unknown as { __pairwiseBenchProbe: ProbeState }).__pairwiseBenchProbe.marks[mark],
    name,
    { timeout, polling: 'raf' },
  )
  return (await handle.jsonValue()) as number
}

/** Times of the trusted presses (pointerdown) so far, in the page's clock. */
export function pressesOf(page: Page): Promise<number[]> {
  return page.evaluate(
    () => (window as unknown as { __pairwiseBenchProbe: ProbeState }).__pairwiseBenchProbe.presses,
  )
}

/**
 * Every resource the page has loaded once it has settled: polled until no new one has appeared for
 * `quietMs` (or `maxMs` passed), so chunks a page fetches right after its first paint count too.
 */
export async function resourcesOnceSettled(page: Page, quietMs: number, maxMs: number): Promise<string[]> {
  const names = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
  const started = Date.now()
  let seen = await names()
  let changedAt = Date.now()
  while (Date.now() - changedAt < quietMs && Date.now() - started < maxMs) {
    await page.waitForTimeout(50)
    const now = await names()
    if (now.length !== seen.length) changedAt = Date.now()
    seen = now
  }
  return seen
}
