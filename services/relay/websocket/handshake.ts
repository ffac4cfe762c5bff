import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HttpError } from '../../kit/index.js'

// RFC 6455 §1.3: what the server appends to the client's key before hashing it.
const KEY_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
// A key is 16 random bytes in base64 (§4.1).
const KEY = /^[+/0-9A-Za-z]{22}==$/
// A subprotocol name is an HTTP token (RFC 9110 §5.6.2).
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * The `101 Switching Protocols` answer to a WebSocket opening handshake (RFC 6455 §4.2), or an HttpError
 * (405 or 400) saying which part of it is wrong. No extension is agreed, so frames carry no reserved bits;
 * of the subprotocols the client offers, the first is taken.
 */
export function acceptHandshake(request: IncomingMessage): string {
  if (request.method !== 'GET') throw new HttpError(405, 'a WebSocket handshake is a GET')
  if (request.headers.upgrade?.toLowerCase() !== 'websocket')
    throw new HttpError(400, 'the Upgrade header must be websocket')
  const key = request.headers['sec-websocket-key']
  if (key === undefined || !KEY.test(key))
    throw new HttpError(400, 'a missing or invalid Sec-WebSocket-Key header')
  if (request.headers['sec-websocket-version'] !== '13')
    throw new HttpError(400, 'Sec-WebSocket-Version must be 13')
  const protocol = firstSubprotocol(request.headers['sec-websocket-protocol'])
  return [
    'HTTP/1.1 101 Switching Protocols',
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Accept: ${acceptKey(key)}`,
    ...(protocol === undefined ? [] : [`Sec-WebSocket-Protocol: ${protocol}`]),
    '',
    '',
  ].join('\r\n')
}

/** `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key` (§4.2.2). */
export function acceptKey(key: string): string {
  return createHash('sha1')
    .update(key + KEY_GUID)
    .digest('base64')
}

/** The first of the offered subprotocols; a list that is not distinct tokens is refused. */
function firstSubprotocol(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const offered = header.split(',').map((name) => name.trim())
  if (!offered.every((name) => TOKEN.test(name)) || new Set(offered).size !== offered.length)
    throw new HttpError(400, 'an invalid Sec-WebSocket-Protocol header')
  return offered[0]
}
