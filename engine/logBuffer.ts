/**
 * Cap of the in-memory log, in bytes of UTF-8. The spec says only "about 1 MB"; 1,024,000 is what the
 * official clients keep (their MAX_LOG_SIZE_IN_BYTES_DEFAULT), enough for hours of a busy session.
 */
export const LOG_BUFFER_MAX_BYTES = 1_024_000

const encoder = new TextEncoder()

/**
 * The client's recent log lines, kept in memory so an app can attach them to a bug report. Past the cap
 * the oldest lines go first; a single line longer than the whole cap is not kept.
 */
export class LogBuffer {
  readonly maxBytes: number
  #lines: { text: string; bytes: number }[] = []
  #head = 0
  #bytes = 0

  constructor(maxBytes = LOG_BUFFER_MAX_BYTES) {
    this.maxBytes = maxBytes
  }

  /** Bytes held now, never more than `maxBytes`. */
  get bytes(): number {
    return this.#bytes
  }

  /** The lines held, oldest first. */
  get lines(): string[] {
    return this.#lines.slice(this.#head).map((line) => line.text)
  }

  add(text: string): void {
    const bytes = encoder.encode(text).byteLength
    if (bytes > this.maxBytes) return
    this.#lines.push({ text, bytes })
    this.#bytes += bytes
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#lines[this.#head++]
      if (oldest !== undefined) this.#bytes -= oldest.bytes
    }
    // Forget dropped lines in one go once they are half the array, so adding stays cheap.
    if (this.#head > 1_024 && this.#head * 2 > this.#lines.length) {
      this.#lines = this.#lines.slice(this.#head)
      this.#head = 0
    }
  }
}
