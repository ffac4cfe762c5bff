import { Writable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { TurnWrites } from '../../../services/relay/turnWrites.js'

/** A socket stand-in that records each call that reaches the "wire": a list of chunks per call. */
function recordingSocket(): { socket: Writable; calls: string[][] } {
  const calls: string[][] = []
  const socket = new Writable({
    write(chunk: Buffer, _encoding, done) {
      calls.push([chunk.toString()])
      done()
    },
    writev(chunks, done) {
      calls.push(chunks.map(({ chunk }) => String(chunk)))
      done()
    },
  })
  return { socket, calls }
}

describe('TurnWrites', () => {
  it('writes what a socket is sent during one turn in one call at its end, in order, counted as buffered meanwhile', async () => {
    const writes = new TurnWrites()
    const { socket, calls } = recordingSocket()
    for (const frame of ['ack', 'push 1', 'push 2']) {
      writes.hold(socket)
      socket.write(frame)
    }
    expect(calls).toEqual([])
    expect(socket.writableLength).toBe('ack'.length + 'push 1'.length + 'push 2'.length)
    await nextTurn()
    expect(calls).toEqual([['ack', 'push 1', 'push 2']])
    expect(socket.writableLength).toBe(0)
  })

  it('releases every socket held in the turn, and holds again in the next', async () => {
    const writes = new TurnWrites()
    const a = recordingSocket()
    const b = recordingSocket()
    writes.hold(a.socket)
    a.socket.write('to a')
    writes.hold(b.socket)
    b.socket.write('to b')
    await nextTurn()
    expect([a.calls, b.calls]).toEqual([[['to a']], [['to b']]])
    writes.hold(a.socket)
    a.socket.write('later')
    expect(a.calls).toEqual([['to a']])
    await nextTurn()
    expect(a.calls).toEqual([['to a'], ['later']])
  })
})
