import { afterEach, describe, expect, it } from 'vitest'
import { SpreadPings } from '../../../services/relay/spreadPings.js'

const INTERVAL = 15_000
const TICK = 50

/** Sockets as numbers, a clock moved by hand, and every ping with the time it was sent. */
function harness(count: number) {
  const sockets = new Set(Array.from({ length: count }, (_, index) => index))
  let time = 0
  const pings: { socket: number; at: number }[] = []
  const pinger = new SpreadPings(
    sockets,
    (socket) => pings.push({ socket, at: time }),
    INTERVAL,
    () => time,
  )
  const advance = (ms: number) => {
    for (let end = time + ms; time < end; ) {
      time += TICK
      pinger.tick()
    }
  }
  return { sockets, pings, pinger, advance }
}

describe('SpreadPings', () => {
  let stop = () => {}
  afterEach(() => stop())

  it('pings each socket once an interval, a few a tick, each about one interval after its last ping', () => {
    const { pings, pinger, advance } = harness(10_000)
    stop = () => pinger.stop()
    advance(2 * INTERVAL + 4 * TICK)
    const perTick = new Map<number, number>()
    for (const { at } of pings) perTick.set(at, (perTick.get(at) ?? 0) + 1)
    // 10,000 sockets over 300 ticks: 34 a tick at most, never a burst of the whole set.
    expect(Math.max(...perTick.values())).toBeLessThanOrEqual(Math.ceil((10_000 * TICK) / INTERVAL))
    const times = new Map<number, number[]>()
    for (const { socket, at } of pings) times.set(socket, [...(times.get(socket) ?? []), at])
    expect(times.size).toBe(10_000)
    for (const [, [first, second]] of times) {
      expect(second! - first!).toBeGreaterThanOrEqual(INTERVAL)
      expect(second! - first!).toBeLessThanOrEqual(INTERVAL + 2 * TICK)
    }
  })

  it('reaches sockets that connect during a pass in that pass and skips the ones gone', () => {
    const { sockets, pings, pinger, advance } = harness(100)
    stop = () => pinger.stop()
    advance(INTERVAL / 2)
    sockets.add(1000)
    sockets.delete(99)
    advance(INTERVAL / 2)
    const pinged = new Set(pings.map(({ socket }) => socket))
    expect(pinged.has(1000)).toBe(true)
    expect(pinged.has(99)).toBe(false)
    expect(pings).toHaveLength(100)
  })

  it('pings a lone socket once an interval, not every tick, so a slow pong is not taken for a dead socket', () => {
    const { pings, pinger, advance } = harness(1)
    stop = () => pinger.stop()
    advance(3 * INTERVAL)
    expect(pings.length).toBeGreaterThanOrEqual(2)
    expect(pings.length).toBeLessThanOrEqual(3)
    for (let index = 1; index < pings.length; index++)
      expect(pings[index]!.at - pings[index - 1]!.at).toBeGreaterThanOrEqual(INTERVAL)
  })
})
