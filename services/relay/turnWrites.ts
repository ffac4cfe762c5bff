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
  // Sockets corked this turn. A corked socket is one held already: nothing else keeps a relay socket corked
  // past the call that corked it. An array, not a Set, so a turn allocates no table to be emptied after it.
  private held: Writable[] = []
  private scheduled = false

  /** Call before writing to `socket`: what it is sent until the end of this turn goes out then. */
  hold(socket: Writable): void {
    if (socket.writableCorked > 0) return
    socket.cork()
    this.held.push(socket)
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.release())
  }

  /** Writes everything held now. */
  release(): void {
    this.scheduled = false
    const held = this.held
    this.held = []
    for (const socket of held) socket.uncork()
  }
}
