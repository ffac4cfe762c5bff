import { describe, expect, it } from 'vitest'
import { Emitter, unrefTimer } from '../../common/index.js'

type Events = { ping: number; pong: string }

describe('Emitter', () => {
  it('calls listeners in order, once-listeners once, and stops calling removed ones', () => {
    const emitter = new Emitter<Events>(() => {})
    const seen: string[] = []
    const first = (n: number) => seen.push(`first ${n}`)
    emitter.on('ping', first).once('ping', (n) => seen.push(`once ${n}`))
    expect(emitter.listenerCount('ping')).toBe(2)
    expect(emitter.emit('ping', 1)).toBe(true)
    emitter.emit('ping', 2)
    emitter.off('ping', first)
    expect(emitter.emit('ping', 3)).toBe(false)
    expect(seen).toEqual(['first 1', 'once 1', 'first 2'])
  })

  it('reports a throwing listener with its event and still calls the others', () => {
    const reported: [unknown, string][] = []
    const emitter = new Emitter<Events>((error, event) => reported.push([error, event]))
    const calls: string[] = []
    emitter.on('pong', () => {
      throw new Error('listener bug')
    })
    emitter.on('pong', (text) => calls.push(text))
    emitter.emit('pong', 'hello')
    expect(calls).toEqual(['hello'])
    expect(reported).toEqual([[new Error('listener bug'), 'pong']])
  })

  it('removeAllListeners clears one event or all', () => {
    const emitter = new Emitter<Events>(() => {})
    emitter.on('ping', () => {}).on('pong', () => {})
    emitter.removeAllListeners('ping')
    expect([emitter.listenerCount('ping'), emitter.listenerCount('pong')]).toEqual([0, 1])
    emitter.removeAllListeners()
    expect(emitter.listenerCount('pong')).toBe(0)
  })
})

describe('unrefTimer', () => {
  it("keeps a Node timer from holding the process, and ignores a browser's numeric handle", () => {
    const timer = setTimeout(() => {}, 60_000)
    unrefTimer(timer)
    expect(timer.hasRef()).toBe(false)
    clearTimeout(timer)
    expect(() => unrefTimer(7 as unknown as ReturnType<typeof setTimeout>)).not.toThrow()
  })
})
