const EMPTY = Buffer.alloc(0)
const SMALLEST = 256

/**
 * Bytes copied one after another into a single buffer that doubles as they come, up to a ceiling the
 * caller gives: what arrives in many small pieces is held as one buffer, not as one object per piece.
 */
export class GrowingBuffer {
  private buffer = EMPTY
  length = 0

  /** Copies `bytes` after the others; the buffer grows past `ceiling` only as far as they need. */
  append(bytes: Buffer, ceiling: number): void {
    const total = this.length + bytes.length
    if (total > this.buffer.length) {
      const doubled = Math.min(Math.max(2 * this.buffer.length, SMALLEST), ceiling)
      const grown = Buffer.allocUnsafe(Math.max(total, doubled))
      this.buffer.copy(grown, 0, 0, this.length)
      this.buffer = grown
    }
    bytes.copy(this.buffer, this.length)
    this.length = total
  }

  /** Everything appended, handed over; this starts empty again. */
  take(): Buffer {
    const bytes = this.buffer.subarray(0, this.length)
    this.clear()
    return bytes
  }

  clear(): void {
    this.buffer = EMPTY
    this.length = 0
  }
}
