import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { truncate } from '@pairwise/relay/core'

/** A whole HTTP/1.1 answer written straight to a socket, for where no response object exists. */
export function rawResponse(status: number, body: string): string {
  const text = `${truncate(body.replace(/[\r\n]+/g, ' '), 200)}\n`
  return (
    `HTTP/1.1 ${status} ${statusText(status)}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
    `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
  )
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request')
}

// A socket whose last answer cannot be flushed (its client reads nothing) is cut after this.
const LAST_ANSWER_GRACE_MS = 1_000

/** Sends `answer`, if any, and closes the connection once it is flushed, or after a short grace. */
export function endThenDestroy(socket: Duplex, answer?: string): void {
  const cut = setTimeout(() => socket.destroy(), LAST_ANSWER_GRACE_MS)
  cut.unref()
  socket.once('close', () => clearTimeout(cut))
  socket.end(answer, () => socket.destroy())
}
