import type { ServerResponse } from 'node:http'

/**
 * Calls `done` once, when `response` has gone (sent, or cut short) or its connection has, whichever is
 * first. Node closes the response it is sending and the next when a connection goes, never a third queued
 * behind them on a pipelined connection: what a client holds until its response closes would be held for good.
 */
export function whenResponseGone(response: ServerResponse, done: () => void): void {
  const { socket } = response.req
  const gone = () => {
    response.off('close', gone)
    socket.off('close', gone)
    done()
  }
  response.once('close', gone)
  socket.once('close', gone)
}
