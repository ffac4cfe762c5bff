/** The opcodes of RFC 6455 §5.2 a relay reads or writes. */
export const Opcode = {
  continuation: 0x0,
  text: 0x1,
  binary: 0x2,
  close: 0x8,
  ping: 0x9,
  pong: 0xa,
} as const

const FIN = 0x80
// A close frame's payload is at most 125 bytes, 2 of them the code.
const MAX_CLOSE_REASON_BYTES = 123

/**
 * `text` as one final, unmasked text frame, header and payload in one buffer. Written to the TCP socket as a
 * single chunk, a frame costs the socket one buffered write and goes to `writev` as a buffer, with no
 * string left to encode there.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text)
  const frame = unmaskedFrame(Opcode.text, length)
  frame.write(text, frame.length - length)
  return frame
}

/** A ping, pong or close frame: final and unmasked, `payload` at most 125 bytes. */
export function controlFrame(
  opcode: typeof Opcode.ping | typeof Opcode.pong | typeof Opcode.close,
  payload: Buffer,
): Buffer {
  if (payload.length > 125) throw new RangeError('a control frame carries at most 125 bytes')
  const frame = unmaskedFrame(opcode, payload.length)
  payload.copy(frame, 2)
  return frame
}

/** A close frame's payload: the code, then as much of `reason` as fits, cut between characters. */
export function closePayload(code: number, reason: string): Buffer {
  const text = Buffer.from(reason)
  let end = Math.min(text.length, MAX_CLOSE_REASON_BYTES)
  // Back off continuation bytes (10xxxxxx) so the reason stays valid UTF-8.
  if (end < text.length) while (end > 0 && ((text[end] as number) & 0xc0) === 0x80) end--
  const payload = Buffer.allocUnsafe(2 + end)
  payload.writeUInt16BE(code, 0)
  text.copy(payload, 2, 0, end)
  return payload
}

/** A buffer for a final, unmasked frame of `length` payload bytes, its header written (§5.2). */
function unmaskedFrame(opcode: number, length: number): Buffer {
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(header + length)
  frame[0] = FIN | opcode
  if (header === 2) frame[1] = length
  else if (header === 4) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  return frame
}
