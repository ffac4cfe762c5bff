import type { z } from 'zod'
import {
  type ChannelOpenedAnswer,
  type CreateChannelBody,
  channelOpenedAnswer,
  relayPaths,
} from '../../farcasterRelay/protocol.js'
import { cappedBody } from '../../kit/index.js'
import { authErrors } from '../errors.js'
import { type RelayStatus, relayStatusAnswer } from './relayStatus.js'

/**
 * The auth service as a client of a Farcaster relay: it opens a channel for each login and reads its
 * status. Every answer is checked against the relay protocol's schemas; a relay that does not answer in
 * time, or answers out of protocol, fails the call with FARCASTER_RELAY_FAILED (what went wrong is
 * logged, not told to the browser). An answer is read only up to `maxBytes`, whitespace included: a
 * channel's status is a few KiB. A channel the relay no longer knows is an expired login.
 */
export class RelayClient {
  constructor(
    private readonly relayUrl: string,
    private readonly timeoutMs: number,
    private readonly warn: (event: string, fields: Record<string, unknown>) => void,
    private readonly maxBytes: number,
  ) {}

  async open(request: CreateChannelBody): Promise<ChannelOpenedAnswer> {
    const answer = await this.call(relayPaths.channel, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    if (answer.status === 429) {
      // The relay's cap on this service's channels: the login waits as long as the relay says.
      const seconds = Number(answer.retryAfter)
      throw authErrors.tryAgainAfter((Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000)
    }
    if (answer.status !== 201) throw this.failed('open', `answered ${answer.status}`)
    return this.parsed('open', channelOpenedAnswer, answer.body)
  }

  async status(channelToken: string): Promise<RelayStatus> {
    const answer = await this.call(relayPaths.channelStatus, {
      headers: { authorization: `Bearer ${channelToken}` },
    })
    if (answer.status === 401 || answer.status === 400 || answer.status === 404)
      throw authErrors.channelExpired()
    if (answer.status !== 200 && answer.status !== 202)
      throw this.failed('status', `answered ${answer.status}`)
    const status = this.parsed('status', relayStatusAnswer, answer.body)
    if ((status.state === 'pending') !== (answer.status === 202))
      throw this.failed('status', `answered ${answer.status} with state ${status.state}`)
    return status
  }

  private async call(
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    let response: Response
    try {
      response = await fetch(`${this.relayUrl}${path}`, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw this.failed(path, (error as Error).message)
    }
    const text = await cappedBody(response, this.maxBytes).catch(() => '')
    if (text === undefined) throw this.failed(path, `answered more than ${this.maxBytes} bytes`)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') }
  }

  private parsed<S extends z.ZodType>(call: string, schema: S, body: unknown): z.output<S> {
    const parsed = schema.safeParse(body)
    if (!parsed.success)
      throw this.failed(call, `answered out of protocol: ${parsed.error.issues[0]?.message}`)
    return parsed.data
  }

  private failed(call: string, reason: string) {
    this.warn('farcaster relay failed', { relay: this.relayUrl, call, reason })
    return authErrors.farcasterRelayFailed()
  }
}
