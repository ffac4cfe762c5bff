import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { approveVisibleMs } from '../../../../engine/frame/index.js'
import {
  approveVisibleUnverifiedMs,
  visibilityGate,
} from '../../../../services/frame/app/ui/visibilityGate.js'

type Entry = { isIntersecting: boolean; isVisible?: boolean }

/** The browser's side, faked: the one IntersectionObserver made, and the document's visibility. */
function fakeBrowser() {
  const listeners = new Set<() => void>()
  const browser = {
    /** What the browser reports for every target watched, or for the one at `index`. */
    report: (_entry: Entry, _index?: number) => {},
    disconnected: false,
    document: {
      visibilityState: 'visible' as 'visible' | 'hidden',
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    },
    setVisibility(state: 'visible' | 'hidden') {
      browser.document.visibilityState = state
      for (const listener of listeners) listener()
    },
  }
  class FakeObserver {
    readonly #targets: object[] = []
    constructor(callback: (entries: (Entry & { target: object })[]) => void) {
      browser.report = (entry, index) =>
        callback(
          (index === undefined ? this.#targets : this.#targets.slice(index, index + 1)).map((target) => ({
            ...entry,
            target,
          })),
        )
    }
    observe(target: object) {
      this.#targets.push(target)
    }
    disconnect() {
      browser.disconnected = true
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  vi.stubGlobal('document', browser.document)
  return browser
}

describe('the approval gate of the secure frame (clickjacking)', () => {
  let browser: ReturnType<typeof fakeBrowser>
  let controller: AbortController
  let states: boolean[]
  const open = () =>
    visibilityGate([{} as Element], controller.signal, (clickable) => {
      states.push(clickable)
    })
  beforeEach(() => {
    vi.useFakeTimers()
    browser = fakeBrowser()
    controller = new AbortController()
    states = []
  })
  afterEach(() => {
    controller.abort()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('without occlusion data (Firefox, Safari) Approve works only approveVisibleUnverifiedMs after the frame came into view', () => {
    const gate = open()
    expect(approveVisibleUnverifiedMs).toBeGreaterThan(approveVisibleMs)
    browser.report({ isIntersecting: true })
    vi.advanceTimersByTime(approveVisibleMs)
    expect(gate.clickable()).toBe(false)
    vi.advanceTimersByTime(approveVisibleUnverifiedMs - approveVisibleMs)
    expect(gate.clickable()).toBe(true)
    expect(states).toEqual([true])
  })

  it('where the browser tells (IntersectionObserver v2), a frame covered after the delay refuses the click at once, and the delay starts again', () => {
    const gate = open()
    browser.report({ isIntersecting: true, isVisible: true })
    vi.advanceTimersByTime(approveVisibleMs)
    expect(gate.clickable()).toBe(true)
    browser.report({ isIntersecting: true, isVisible: false })
    expect(gate.clickable()).toBe(false)
    browser.report({ isIntersecting: true, isVisible: true })
    vi.advanceTimersByTime(approveVisibleMs - 1)
    expect(gate.clickable()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.clickable()).toBe(true)
    expect(states).toEqual([true, false, true])
  })

  it('scrolled out of view or in a hidden tab, the click is refused, and the delay runs again once back', () => {
    const gate = open()
    browser.report({ isIntersecting: true })
    vi.advanceTimersByTime(approveVisibleUnverifiedMs)
    browser.setVisibility('hidden')
    expect(gate.clickable()).toBe(false)
    browser.setVisibility('visible')
    expect(gate.clickable()).toBe(false)
    vi.advanceTimersByTime(approveVisibleUnverifiedMs)
    expect(gate.clickable()).toBe(true)
    browser.report({ isIntersecting: false })
    expect(gate.clickable()).toBe(false)
  })

  it('watching the whole approval and its buttons, it opens only while both are in view and uncovered', () => {
    const gate = visibilityGate([{} as Element, {} as Element], controller.signal, () => {})
    browser.report({ isIntersecting: true, isVisible: true }, 1)
    vi.advanceTimersByTime(approveVisibleMs)
    expect(gate.clickable(), 'the approval has not been seen').toBe(false)
    browser.report({ isIntersecting: true, isVisible: true }, 0)
    vi.advanceTimersByTime(approveVisibleMs)
    expect(gate.clickable()).toBe(true)
    browser.report({ isIntersecting: false }, 0)
    expect(gate.clickable(), 'the approval is clipped, the buttons still in view').toBe(false)
  })

  it('stops watching once the screen is done or aborted', () => {
    const gate = open()
    gate.stop()
    expect(browser.disconnected).toBe(true)
    browser.report({ isIntersecting: true })
    vi.advanceTimersByTime(approveVisibleUnverifiedMs)
    expect(gate.clickable()).toBe(false)
  })
})
