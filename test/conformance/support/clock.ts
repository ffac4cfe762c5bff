import type { Clock } from '../../../engine/index.js'

/** Real time plus an offset a test can move, to reach expiries without waiting for them. */
export function movableClock(): Clock & { advance(seconds: number): void } {
  let offsetMs = 0
  return {
    now: () => Date.now() + offsetMs,
    advance: (seconds) => {
      offsetMs += seconds * 1000
    },
  }
}
