import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../../services/kit/index.js'
import { acceptHandshake, acceptKey } from '../../../../services/relay/websocket/handshake.js'

const KEY = 'dGhlIHNhbXBsZSBub25jZQ=='

function handshake(headers: Record<string, string | undefined>, method = 'GET'): IncomingMessage {
  const all = { upgrade: 'websocket', 'sec-websocket-key': KEY, 'sec-websocket-version': '13', ...headers }
  return { method, headers: all } as unknown as IncomingMessage
}

function refusal(request: IncomingMessage): number {
  try {
    acceptHandshake(request)
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
  throw new Error('accepted')
}

describe('acceptHandshake', () => {
  it('answers with the accept key RFC 6455 §1.3 gives for its sample key', () => {
    expect(acceptKey(KEY)).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
    expect(acceptHandshake(handshake({}))).toBe(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n',
    )
  })

  it('takes the first subprotocol offered, and agrees no extension', () => {
    const answer = acceptHandshake(
      handshake({ 'sec-websocket-protocol': 'a, b', 'sec-websocket-extensions': 'permessage-deflate' }),
    )
    expect(answer).toContain('\r\nSec-WebSocket-Protocol: a\r\n')
    expect(answer).not.toMatch(/extensions/i)
  })

  it('refuses what is not a WebSocket opening handshake: 405 for a method other than GET, 400 otherwise', () => {
    expect(refusal(handshake({}, 'POST'))).toBe(405)
    const rows: Record<string, string | undefined>[] = [
      { upgrade: undefined },
      { upgrade: 'h2c' },
      { 'sec-websocket-key': undefined },
      { 'sec-websocket-key': 'short==' },
      { 'sec-websocket-key': `${KEY}x` },
      { 'sec-websocket-version': undefined },
      { 'sec-websocket-version': '8' },
      { 'sec-websocket-version': '12' },
      { 'sec-websocket-protocol': '' },
      { 'sec-websocket-protocol': 'a,,b' },
      { 'sec-websocket-protocol': 'a b' },
      { 'sec-websocket-protocol': 'a, a' },
    ]
    for (const headers of rows) expect(refusal(handshake(headers)), JSON.stringify(headers)).toBe(400)
  })
})
