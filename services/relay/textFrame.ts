/**
 * `text` as one final, unmasked WebSocket text frame (RFC 6455 §5.2), header and payload in one buffer:
 * the bytes ws's `send` writes for it, as header and text apart. Written to the TCP socket as a single
 * chunk, a frame costs the socket one buffered write instead of two and goes to `writev` as a buffer,
 * with no string left to encode there.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text)
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(header + length)
  frame[0] = FIN_TEXT
  if (header === 2) frame[1] = length
  else if (header === 4) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  frame.write(text, header)
  return frame
}

// FIN set, opcode 1 (text).
const FIN_TEXT = 0x81
