import type { Writable } from 'node:stream'

/**
 * Holds the frames written to sockets during one turn of the event loop and writes them at its end
 * (`setImmediate`), each socket's in one system call and all of them back to back.
 *
 * Why: on loopback most of a relay's CPU went to `writev`, a call per frame, each waking the peer
 * afresh; written together, a turn's frames wake their readers once, and a socket given several frames in
 * a turn (an ack and pushes) sends them in one segment. Order within a socket is kept (cork buffers in
 * order), and a held frame counts in the socket's `bufferedAmount`, so the output buffer cap still sees it.
 */
export class TurnWrites {
  private readonly held = new Set<Writable>()
  private scheduled = false

  /** Call before writing to `socket`: what it is sent until the end of this turn goes out then. */
  hold(socket: Writable): void {
    if (this.held.has(socket)) return
    socket.cork()
    this.held.add(socket)
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.release())
  }

  /** Writes everything held now. */
  release(): void {
    this.scheduled = false
    for (const socket of this.held) socket.uncork()
    this.held.clear()
  }
}
