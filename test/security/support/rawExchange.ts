import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'

/** What a server did with one raw request: an HTTP status, a WebSocket close code, or nothing but a close. */
export type Answer =
  | { kind: 'status'; status: number; head: string }
  | { kind: 'close'; code: number | undefined; reason: string }
  | { kind: 'closed' }
  | { kind: 'silent' }

export function describeAnswer(answer: Answer): string {
  switch (answer.kind) {
    case 'status':
      return `HTTP ${answer.status}`
    case 'close':
      return `close ${answer.code ?? '(no code)'}${answer.reason ? ` ${answer.reason}` : ''}`
    case 'closed':
      return 'socket closed without an answer'
    case 'silent':
      return 'no answer in time'
  }
}

/**
 * Sends `bytes` to 127.0.0.1:`port` on a fresh socket and reports the first HTTP answer, or that the server
 * closed or stayed silent for `timeoutMs`. With `websocket`, a valid upgrade is made first and `bytes` are
 * sent as raw frames; the answer is then the server's close frame. `end` half-closes after sending.
 */
export function exchange(
  port: number,
  bytes: Buffer | string,
  options: { timeoutMs?: number; websocket?: boolean; end?: boolean } = {},
): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? 3000
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let received = Buffer.alloc(0)
    let upgraded = !options.websocket
    let settled = false
    const finish = (answer: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(() => finish({ kind: 'silent' }), timeoutMs)
    const send = () => {
      socket.write(bytes)
      if (options.end) socket.end()
    }
    socket.on('error', () => finish({ kind: 'closed' }))
    socket.on('close', () =>
      finish(received.length > 0 ? (read(received) ?? { kind: 'closed' }) : { kind: 'closed' }),
    )
    socket.on('connect', () => (options.websocket ? socket.write(upgradeRequest(port)) : send()))
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      if (!upgraded) {
        const end = received.indexOf('\r\n\r\n')
        if (end === -1) return
        const head = received.subarray(0, end).toString('latin1')
        if (!head.startsWith('HTTP/1.1 101')) return finish(read(received) ?? { kind: 'closed' })
        upgraded = true
        received = received.subarray(end + 4)
        send()
      }
      const answer = read(received)
      if (answer) finish(answer)
    })
  })

  function read(data: Buffer): Answer | undefined {
    if (upgradedAnswer(data)) return upgradedAnswer(data)
    const text = data.toString('latin1')
    const end = text.indexOf('\r\n\r\n')
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(text)
    if (!match || end === -1) return undefined
    return { kind: 'status', status: Number(match[1]), head: text.slice(0, end) }
  }
  function upgradedAnswer(data: Buffer): Answer | undefined {
    if (!options.websocket || data.toString('latin1').startsWith('HTTP/')) return undefined
    return closeFrame(data)
  }
}

/** The first close frame among the server's (unmasked) frames, once it has fully arrived. */
function closeFrame(data: Buffer): Answer | undefined {
  let offset = 0
  while (offset + 2 <= data.length) {
    const opcode = (data[offset] as number) & 0x0f
    let length = (data[offset + 1] as number) & 0x7f
    let start = offset + 2
    if (length === 126) {
      if (start + 2 > data.length) return undefined
      length = data.readUInt16BE(start)
      start += 2
    } else if (length === 127) {
      if (start + 8 > data.length) return undefined
      length = Number(data.readBigUInt64BE(start))
      start += 8
    }
    if (start + length > data.length) return undefined
    if (opcode === 0x8) {
      const payload = data.subarray(start, start + length)
      return {
        kind: 'close',
        code: payload.length >= 2 ? payload.readUInt16BE(0) : undefined,
        reason: payload.subarray(2).toString('utf8'),
      }
    }
    offset = start + length
  }
  return undefined
}

/** A valid WebSocket upgrade request for `/`. */
export function upgradeRequest(port: number, headers: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = {
    Host: `127.0.0.1:${port}`,
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    'Sec-WebSocket-Version': '13',
    ...headers,
  }
  const lines = Object.entries(all).flatMap(([name, value]) =>
    value === undefined ? [] : [`${name}: ${value}`],
  )
  return `GET / HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`
}

/** One client frame: FIN and `opcode`, masked unless told otherwise; `declared` overrides the length field. */
export function frame(
  opcode: number,
  payload: Buffer,
  options: { fin?: boolean; rsv1?: boolean; masked?: boolean; declared?: bigint } = {},
): Buffer {
  const masked = options.masked ?? true
  const first = ((options.fin ?? true) ? 0x80 : 0) | (options.rsv1 ? 0x40 : 0) | opcode
  const length = options.declared ?? BigInt(payload.length)
  let header: Buffer
  if (length < 126n) header = Buffer.from([first, (masked ? 0x80 : 0) | Number(length)])
  else if (length < 65536n) {
    header = Buffer.alloc(4)
    header[0] = first
    header[1] = (masked ? 0x80 : 0) | 126
    header.writeUInt16BE(Number(length), 2)
  } else {
    header = Buffer.alloc(10)
    header[0] = first
    header[1] = (masked ? 0x80 : 0) | 127
    header.writeBigUInt64BE(length, 2)
  }
  if (!masked) return Buffer.concat([header, payload])
  const mask = randomBytes(4)
  const body = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] as number)))
  return Buffer.concat([header, mask, body])
}
