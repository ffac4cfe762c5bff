export type UpstreamFailure = 'unreachable' | 'timeout' | 'too-large' | 'status' | 'malformed'

export class UpstreamError extends Error {
  override name = 'UpstreamError'
  constructor(
    readonly reason: UpstreamFailure,
    message: string,
  ) {
    super(message)
  }
}
