const KiB = 1024
const MiB = 1024 * KiB

/**
 * The largest envelope (`message`) a relay takes, in UTF-8 bytes: the relay core's default cap, so a client
 * never gets a message from our relay that another client could not have published to it.
 */
export const MAX_MESSAGE_BYTES = 256 * KiB

/**
 * The largest WebSocket text frame a relay takes. A publish of one envelope with its attestation fits;
 * a batch publish of many envelopes is cut to it.
 */
export const MAX_FRAME_BYTES = 1 * MiB

/**
 * `text`'s size in UTF-8 bytes when that is over `limit`, else undefined. Texts too short to be over are
 * not counted: no UTF-16 code unit takes more than three bytes.
 */
export function utf8LengthOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined
  const size = utf8Length(text)
  return size > limit ? size : undefined
}

/** Bytes `text` takes as UTF-8, counted without encoding it (frames can be megabytes). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      // A surrogate pair is one code point of four bytes.
      bytes += 4
      index++
    } else bytes += 3
  }
  return bytes
}
