import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { clientIp } from '../auth/clientIp.js'
import { issuedBearer, parseBody, rawBody } from '../auth/requests.js'
import type { TrustedProxies } from '../kit/index.js'
import type { Channel, ChannelStore } from './channelStore.js'
import type { CustodyReader } from './custodyReader.js'
import { relayErrors } from './errors.js'
import type { RelayLimits } from './limits.js'
import {
  authenticateBody,
  type CreateChannelBody,
  createChannelBody,
  relayKeyHeader,
  relayPaths,
} from './protocol.js'

export type RelayContext = {
  channels: ChannelStore
  /** Reads each completing fid's custody address for the status; without it the status has none. */
  custody: CustodyReader | undefined
  /** The SHA-256 of the key Farcaster apps authenticate channels with. */
  relayKeyDigest: Buffer
  limits: RelayLimits
  trustProxy: TrustedProxies
  now: () => number
}

const sha256 = (text: string) => createHash('sha256').update(text).digest()
/** Channel tokens: 32 random bytes (256 bits), base64url; the store keeps their SHA-256 only. */
const tokenHash = (token: string) => sha256(token).toString('hex')

/** The deep link a Farcaster app opens (as a QR code or a link) to approve the channel's sign-in. */
function connectUrl(channelToken: string, request: CreateChannelBody & { nonce: string }): string {
  const query = new URLSearchParams({
    channelToken,
    nonce: request.nonce,
    siweUri: request.siweUri,
    domain: request.domain,
  })
  for (const name of ['notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const) {
    const value = request[name]
    if (value !== undefined) query.set(name, value)
  }
  return `farcaster://connect?${query}`
}

/** The status answer: pending, or completed with what the Farcaster app posted. */
function channelStatus(channel: Channel) {
  const done = channel.completion
  if (!done) return { state: 'pending' as const, nonce: channel.nonce, url: channel.url }
  return {
    state: 'completed' as const,
    nonce: channel.nonce,
    url: channel.url,
    message: done.message,
    signature: done.signature,
    fid: Number(done.fid),
    username: done.username,
    displayName: done.displayName ?? undefined,
    bio: done.bio ?? undefined,
    pfpUrl: done.pfpUrl ?? undefined,
    custody: done.custody ?? undefined,
  }
}

/**
 * The relay's channel API (research §4.4): anyone opens a channel (capped per client IP) and reads its
 * status with its token; only a Farcaster app holding the relay key completes it, once. The relay
 * checks nothing of what the app signed: the app server that opened the channel verifies it.
 */
export function relayRoutes(ctx: RelayContext): Hono {
  const liveChannel = async (c: Context) => {
    const token = issuedBearer(c)
    if (!token) throw relayErrors.channelInvalid()
    const hash = tokenHash(token)
    const channel = await ctx.channels.find(hash)
    if (!channel) throw relayErrors.channelInvalid()
    if (channel.expiresAt <= ctx.now()) throw relayErrors.channelExpired()
    return { hash, channel }
  }
  const relayKeyMatches = (given: string) => timingSafeEqual(sha256(given), ctx.relayKeyDigest)

  return new Hono()
    .post(relayPaths.channel, async (c) => {
      const body = parseBody(await rawBody(c), createChannelBody)
      const channelToken = randomBytes(32).toString('base64url')
      const nonce = body.nonce ?? randomBytes(16).toString('hex')
      const url = connectUrl(channelToken, { ...body, nonce })
      const opened = await ctx.channels.open(
        {
          tokenHash: tokenHash(channelToken),
          nonce,
          domain: body.domain,
          siweUri: body.siweUri,
          url,
          ip: clientIp(ctx, c),
        },
        ctx.now(),
      )
      if (!opened) throw relayErrors.tooManyChannels(ctx.limits.channelLifeMs)
      return c.json({ channelToken, url, nonce }, 201)
    })
    .get(relayPaths.channelStatus, async (c) => {
      const status = channelStatus((await liveChannel(c)).channel)
      return c.json(status, status.state === 'pending' ? 202 : 200)
    })
    .post(relayPaths.channelAuthenticate, async (c) => {
      if (!relayKeyMatches(c.req.header(relayKeyHeader) ?? '')) throw relayErrors.relayKeyInvalid()
      const { hash } = await liveChannel(c)
      const body = parseBody(await rawBody(c), authenticateBody)
      const custody = (await ctx.custody?.custodyOf(BigInt(body.fid))) ?? null
      const completion = {
        message: body.message,
        signature: body.signature,
        fid: String(body.fid),
        username: body.username,
        displayName: body.displayName ?? null,
        bio: body.bio ?? null,
        pfpUrl: body.pfpUrl ?? null,
        custody,
      }
      if (!(await ctx.channels.complete(hash, completion, ctx.now()))) throw relayErrors.channelCompleted()
      const { channel } = await liveChannel(c)
      return c.json(channelStatus(channel), 201)
    })
}
