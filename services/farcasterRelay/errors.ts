import { HttpError, type HttpErrorCode } from '../kit/index.js'

export type RelayErrorCode =
  | HttpErrorCode
  | 'CHANNEL_INVALID'
  | 'CHANNEL_EXPIRED'
  | 'CHANNEL_COMPLETED'
  | 'RELAY_KEY_INVALID'

/** Thrown in a route; answered `{ code, message }` with `status` (and `retry-after` with one). */
export class RelayError extends HttpError<RelayErrorCode> {
  override name = 'RelayError'
}

export const relayErrors = {
  channelInvalid: () => new RelayError(401, 'Unknown Farcaster channel', 'CHANNEL_INVALID'),
  channelExpired: () => new RelayError(400, 'The Farcaster channel has expired', 'CHANNEL_EXPIRED'),
  channelCompleted: () =>
    new RelayError(409, 'This Farcaster channel was completed already', 'CHANNEL_COMPLETED'),
  relayKeyInvalid: () => new RelayError(401, 'Invalid relay key', 'RELAY_KEY_INVALID'),
  tooManyChannels: (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    return new RelayError(429, `Too many open channels: try again after ${seconds} seconds`, 'RATE_LIMITED', {
      'retry-after': String(seconds),
    })
  },
}
