/** The texts the spec gives the frame's failures (§8, ERR-25..27). */
export const frameErrorTexts = {
  /** ERR-25: an error reply without a message. */
  unknown: 'An error occurred',
  /** ERR-26 */
  rpcAborted: 'Request was aborted',
  /** ERR-27 */
  aborted: 'Something went wrong',
  /** ERR-24, VAL-06 */
  notAllowed: 'Action not allowed',
  notConnected: 'Connector not connected.',
  /** A request the frame could not read: over the size cap, or not JSON. */
  unreadable: 'Request is too large or not JSON',
} as const

/** A failed frame request: the frame's own `{ code, message }`, or the host's reason with an EIP-1193 code. */
export class FrameError extends Error {
  override name = 'FrameError'
  /** The EIP-1193 code, when the frame or the host gave one. */
  readonly code: number | undefined

  constructor(message: string, options: { code?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = options.code
  }
}
